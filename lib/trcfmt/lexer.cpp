// SPDX-License-Identifier: MIT
#include "trcfmt/lexer.hpp"

#include <cctype>

namespace tk::trcfmt {

const char* tok_name(Tok t) {
    switch (t) {
        case Tok::word: return "word";
        case Tok::dollar: return "macro";
        case Tok::string: return "string";
        case Tok::esc_n: return "'\\n'";
        case Tok::esc_t: return "'\\t'";
        case Tok::star: return "'\\*'";
        case Tok::lbrace: return "'{'";
        case Tok::rbrace: return "'}'";
        case Tok::comma: return "','";
        case Tok::equals: return "'='";
        case Tok::plus: return "'+'";
        case Tok::minus: return "'-'";
        case Tok::times: return "'*'";
        case Tok::slash: return "'/'";
        case Tok::percent: return "'%'";
        case Tok::amp: return "'&'";
        case Tok::lparen: return "'('";
        case Tok::rparen: return "')'";
        case Tok::eol: return "end of line";
        case Tok::eof: return "end of file";
    }
    return "?";
}

namespace {

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.'; }
bool name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

class Lexer {
public:
    Lexer(std::string_view text, const std::string& file, std::vector<TemplateDiagnostic>& errors)
        : s_(text), file_(file), errors_(errors) {}

    std::vector<Token> run() {
        skip_comment_lines();
        while (i_ < s_.size()) {
            char c = s_[i_];
            if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
                space_ = true;
                ++i_;
                continue;
            }
            if (c == '\n') {
                end_logical_line();
                newline();
                skip_comment_lines();
                continue;
            }
            SourcePos pos = here();
            if (c == '\\') {
                char d = i_ + 1 < s_.size() ? s_[i_ + 1] : '\n';
                if (d == 'n' || d == 't' || d == '*') {
                    push(d == 'n' ? Tok::esc_n : d == 't' ? Tok::esc_t : Tok::star, std::string(s_.substr(i_, 2)), pos);
                    i_ += 2;
                    continue;
                }
                // A backslash followed only by blanks up to the end of the line joins the next line.
                size_t j = i_ + 1;
                while (j < s_.size() && (s_[j] == ' ' || s_[j] == '\t' || s_[j] == '\r')) ++j;
                if (j >= s_.size() || s_[j] == '\n') {
                    i_ = j;
                    if (i_ < s_.size()) {
                        newline();
                        skip_comment_lines();
                    }
                    space_ = true;
                    continue;
                }
                error(pos, std::string("stray '\\' (only \\n, \\t, \\* and a line-ending \\ are allowed outside strings)"));
                ++i_;
                continue;
            }
            if (c == '"') {
                lex_string(pos);
                continue;
            }
            if (c == '$') {
                size_t j = i_ + 1;
                while (j < s_.size() && name_char(s_[j])) ++j;
                if (j == i_ + 1) error(pos, "'$' must be followed by a macro name");
                push(Tok::dollar, std::string(s_.substr(i_ + 1, j - i_ - 1)), pos);
                i_ = j;
                continue;
            }
            if (word_char(c)) {
                size_t j = i_;
                while (j < s_.size() && word_char(s_[j])) ++j;
                // The seed spells one built-in "v-nodetofilename"; keep the hyphen in that word only.
                if (j - i_ == 1 && s_[i_] == 'v' && s_.substr(j, 5) == "-node") {
                    ++j;
                    while (j < s_.size() && word_char(s_[j])) ++j;
                }
                push(Tok::word, std::string(s_.substr(i_, j - i_)), pos);
                i_ = j;
                continue;
            }
            Tok k;
            switch (c) {
                case '{': k = Tok::lbrace; break;
                case '}': k = Tok::rbrace; break;
                case ',': k = Tok::comma; break;
                case '=': k = Tok::equals; break;
                case '+': k = Tok::plus; break;
                case '-': k = Tok::minus; break;
                case '*': k = Tok::times; break;
                case '/': k = Tok::slash; break;
                case '%': k = Tok::percent; break;
                case '&': k = Tok::amp; break;
                case '(': k = Tok::lparen; break;
                case ')': k = Tok::rparen; break;
                case '#':
                    error(pos, "'#' starts a comment only as the first character of a line");
                    ++i_;
                    continue;
                default: {
                    std::string what = std::isprint(static_cast<unsigned char>(c)) ? std::string("'") + c + "'"
                                                                                   : "byte " + std::to_string(static_cast<unsigned char>(c));
                    error(pos, "unexpected character " + what);
                    ++i_;
                    continue;
                }
            }
            push(k, std::string(1, c), pos);
            ++i_;
        }
        end_logical_line();
        Token t;
        t.kind = Tok::eof;
        t.pos = here();
        out_.push_back(std::move(t));
        return std::move(out_);
    }

private:
    SourcePos here() const { return {line_, static_cast<uint32_t>(i_ - line_start_ + 1)}; }

    void newline() {
        ++i_;
        ++line_;
        line_start_ = i_;
    }

    // Lines whose first non-blank character is '#' are comments, wherever they are.
    void skip_comment_lines() {
        for (;;) {
            size_t j = i_;
            while (j < s_.size() && (s_[j] == ' ' || s_[j] == '\t' || s_[j] == '\r')) ++j;
            if (j >= s_.size() || s_[j] != '#') return;
            while (j < s_.size() && s_[j] != '\n') ++j;
            i_ = j;
            if (i_ >= s_.size()) return;
            newline();
        }
    }

    void end_logical_line() {
        if (!out_.empty() && out_.back().kind != Tok::eol) {
            Token t;
            t.kind = Tok::eol;
            t.pos = here();
            out_.push_back(std::move(t));
        }
        space_ = false;
    }

    void push(Tok k, std::string text, SourcePos pos) {
        Token t;
        t.kind = k;
        t.text = std::move(text);
        t.pos = pos;
        t.space_before = space_;
        space_ = false;
        out_.push_back(std::move(t));
    }

    void lex_string(SourcePos pos) {
        std::string v;
        size_t j = i_ + 1;
        bool closed = false;
        while (j < s_.size() && s_[j] != '\n') {
            char c = s_[j];
            if (c == '"') {
                closed = true;
                ++j;
                break;
            }
            if (c == '\\' && j + 1 < s_.size() && s_[j + 1] != '\n') {
                char d = s_[j + 1];
                if (d == 'n') v += '\n';
                else if (d == 't') v += '\t';
                else if (d == '"' || d == '\\') v += d;
                else {
                    v += '\\';
                    v += d;
                }
                j += 2;
                continue;
            }
            v += c;
            ++j;
        }
        if (!closed) error(pos, "unterminated string (a string must end on the line it starts)");
        i_ = j;
        push(Tok::string, std::move(v), pos);
    }

    void error(SourcePos pos, std::string message) { errors_.push_back({file_, pos, std::move(message)}); }

    std::string_view s_;
    const std::string& file_;
    std::vector<TemplateDiagnostic>& errors_;
    std::vector<Token> out_;
    size_t i_ = 0;
    size_t line_start_ = 0;
    uint32_t line_ = 1;
    bool space_ = false;
};

}  // namespace

std::vector<Token> lex(std::string_view text, const std::string& file, std::vector<TemplateDiagnostic>& errors) {
    return Lexer(text, file, errors).run();
}

}  // namespace tk::trcfmt
