// SPDX-License-Identifier: MIT
#pragma once
// Renders one entry through its template. The evaluator walks the AST over
// the entry's bytes with a bit-precise DATA POINTER; every read is bounds
// checked and a failure is a RuntimeError naming the hook and the entry
// offset. Hostile templates end in errors, never hangs: a step budget, an
// output cap, a LOOP count cap and a subroutine depth limit bound the work.
//
// Typical use (a trcrpt-style report):
//     TemplateSet set;  set.load_file("/etc/trcfmt");
//     TraceState state; state.logfile = "trcfile";
//     Evaluator ev(set, state);
//     std::string text;                       // reused for every event
//     for (each entry) {
//         EntryView e = decode_aix_entry(bytes, is64, order);  e.tid = ...;
//         RenderResult r = ev.render(e, text);  // throws RuntimeError
//         if (r.outcome == Outcome::printed) print(id, time, r.tpl->label, text);
//         if (r.outcome == Outcome::stop) break;
//     }
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "trcfmt/ast.hpp"
#include "trcfmt/entry.hpp"
#include "trcfmt/output_writer.hpp"
#include "trcfmt/process_state.hpp"
#include "trcfmt/template_set.hpp"

namespace tk::trcfmt {

struct EvalOptions {
    // Column where continuation lines (after \n) start, per level APPL SVC KERN INT.
    std::array<uint16_t, 4> level_indent{0, 0, 0, 0};
    uint16_t start_column = 0;          // column of the first character (for \t stops)
    size_t max_output = 64 * 1024;      // bytes of text per event
    uint64_t max_steps = 1u << 20;      // items evaluated per event (LOOP bodies count per pass)
    uint64_t max_loop = 65536;          // iterations of one LOOP
    int max_subroutine_depth = 10;      // nesting of template subroutines ($1A5)
};

enum class Outcome : uint8_t {
    printed,  // `out` holds the event text
    skipped,  // $SKIP: print nothing for this event
    stop,     // $STOP: end the report; nothing printed for this event
    no_template,  // render(entry) found no template; `out` holds the built-in default text
};

struct RenderResult {
    Outcome outcome = Outcome::printed;
    const Template* tpl = nullptr;  // the template used (label, level)
    bool error_macro = false;       // $ERROR ran
};

class Evaluator {
public:
    Evaluator(const TemplateSet& set, TraceState& state, EvalOptions options = {});

    // Find the template for e.hook_key (highest version) and render.
    RenderResult render(const EntryView& e, std::string& out);
    // Render with a given template.
    RenderResult render(const Template& t, const EntryView& e, std::string& out);

    // The built-in text for entries without a template ($DEFAULT without 008):
    // "traceid 0100 hookword 8000002801000000 type 8000 hookdata 0000 <data words>".
    static void default_text(const EntryView& e, std::string& out);

    const EvalOptions& options() const { return opt_; }

private:
    enum class Flow : uint8_t { go, brk, skip, stop };
    struct Value {
        uint64_t n = 0;
        bool is_text = false;
    };

    Flow run(const Descriptor& d);
    Flow item(const Item& it);
    Flow call(uint16_t key, const std::string& name);
    void emit_code(const FormatCode& c);
    void emit_register(const Selector& s);
    void emit_value(const FormatCode& c, uint64_t v);
    Value select(const Selector& s);
    uint64_t eval(const Expr& e, int32_t node);
    uint64_t reg_value(const RegRef& r);
    uint64_t read_code_value(const FormatCode& c);
    void assign(const RegRef& r, uint64_t v);
    void builtin(const FuncItem& f);
    void emit_error_text();
    void emit_default();

    // Byte access through the DATA POINTER.
    uint64_t pos_byte() const { return base_ + (dp_bits_ + 7) / 8; }
    const uint8_t* take(uint64_t n, const FormatCode& c);
    uint64_t take_uint(uint32_t m, const FormatCode& c);
    uint64_t take_bits(uint32_t bits, const FormatCode& c);
    void move_to(int64_t bits, const char* what, const SourcePos& pos);
    void step();
    [[noreturn]] void fail(uint64_t offset, const std::string& message) const;
    std::string where(const SourcePos& p) const;
    void note(uint64_t v) {
        prev_value_ = last_value_;
        last_value_ = v;
    }

    const TemplateSet& set_;
    TraceState& state_;
    EvalOptions opt_;

    // Per-event state, kept as members so buffers are reused between events.
    const EntryView* e_ = nullptr;
    const Template* cur_ = nullptr;  // innermost template (for messages)
    OutputWriter w_;
    std::vector<uint64_t> slots_;
    std::vector<uint8_t> slot_set_;
    std::string scratch_;       // formatting buffer
    std::string last_string_;   // last A/S text read (lookuppninstall1)
    uint64_t last_value_ = 0, prev_value_ = 0;
    uint64_t dp_bits_ = 0;      // DATA POINTER in bits, relative to base_
    uint64_t base_ = 0;         // $BASEPOINTER in bytes
    uint64_t steps_ = 0;
    int depth_ = 0;
    bool error_pending_ = false, error_ran_ = false;
};

}  // namespace tk::trcfmt
