// SPDX-License-Identifier: MIT
#pragma once
// Builds the text of one event with trcrpt's spacing rules:
//  * a data field (X4, D4, $D1, ...) is followed by one separator blank,
//    written lazily, only if something follows on the line (so no trailing
//    blanks); X0, A0 and setdelim() suppress it;
//  * a string written with blanks before it in the template gets one blank
//    ("blank compression"), but never at the start of a line;
//  * \n starts a new line indented to the template's level column;
//  * \t advances to the next multiple of 8 columns.
// The target string is the caller's, reused from event to event.
#include <string>
#include <string_view>

namespace tk::trcfmt {

class OutputWriter {
public:
    void reset(std::string& out, unsigned start_column, unsigned indent) {
        out_ = &out;
        out.clear();
        col_ = start_column;
        line_start_col_ = start_column;
        indent_ = indent;
        pending_ = false;
        nodelim_ = false;
        lines_ = 1;
    }

    // A template string (or \n, \t item).
    void text(std::string_view s, bool space_before) {
        // A line break or tab makes its own space: no separator blank before it.
        bool control = !s.empty() && (s[0] == '\n' || s[0] == '\t');
        if ((pending_ || space_before) && !control) blank();
        pending_ = false;
        for (char c : s) put(c);
    }

    // A data field; `separator` is false for X0/A0.
    void field(std::string_view s, bool separator) {
        if (pending_) blank();
        for (char c : s) put(c);
        pending_ = separator && !nodelim_;
    }

    void set_nodelim() {
        nodelim_ = true;
        pending_ = false;
    }
    unsigned lines() const { return lines_; }
    size_t size() const { return out_->size(); }

private:
    void blank() {
        pending_ = false;
        if (col_ == line_start_col_ || out_->empty() || out_->back() == ' ') return;
        out_->push_back(' ');
        ++col_;
    }

    void put(char c) {
        if (c == '\n') {
            out_->push_back('\n');
            out_->append(indent_, ' ');
            col_ = indent_;
            line_start_col_ = indent_;
            pending_ = false;
            ++lines_;
        } else if (c == '\t') {
            unsigned next = (col_ / 8 + 1) * 8;
            out_->append(next - col_, ' ');
            col_ = next;
            pending_ = false;
        } else {
            out_->push_back(c);
            ++col_;
        }
    }

    std::string* out_ = nullptr;
    unsigned col_ = 0, line_start_col_ = 0, indent_ = 0, lines_ = 1;
    bool pending_ = false, nodelim_ = false;
};

}  // namespace tk::trcfmt
