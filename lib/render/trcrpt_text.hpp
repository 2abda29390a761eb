// SPDX-License-Identifier: MIT
#pragma once
// `trcrpt`-style reports: every event rendered through a trcfmt template,
// in the columns AIX trcrpt prints:
//
//   ID  ELAPSED_SEC     DELTA_MSEC   APPL    SYSCALL KERNEL  INTERRUPT
//   13C   0.000004286    0.004286                    sched_switch prev_comm=bash ...
//
// The renderer is generic over formats: each input brings a TemplateSet and
// an adapter that turns one canonical Event into a trcfmt::EntryView (the
// bytes the templates read, the hook key and the facts $PID, $D1... show).
// docs/trcfmt.md ("Reports") describes the layout.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "trcfmt/entry.hpp"
#include "trcfmt/evaluator.hpp"
#include "trcfmt/process_state.hpp"
#include "trcfmt/template_set.hpp"
#include "tracekit/model.hpp"
#include "tracekit/output.hpp"

namespace tk {

struct TrcrptOptions {
    bool exec = false;    // -O exec=on: PROCESS NAME column
    bool pid = false;     // -O pid=on: PID column
    bool tid = false;     // -O tid=on: TID column
    bool cpuid = false;   // -O cpuid=on: CPU column
    int timestamp = 0;    // -O timestamp=N: 0 elapsed+delta, 1 elapsed only, 2 microseconds, 3 none
    bool heading = true;  // summary and title lines
};

// Parses one -O argument ("exec=on,pid=on,timestamp=1") into `o`; throws
// UsageError on an unknown key or value.
void parse_trcrpt_options(std::string_view text, TrcrptOptions& o);

// Turns one event of a format into what the template engine reads.
class TrcrptAdapter {
public:
    virtual ~TrcrptAdapter() = default;
    // Fill `e` (bytes, order, hook key, facts) for `ev`. May throw
    // trcfmt::RuntimeError for an entry that cannot be decoded.
    virtual void entry(const Event& ev, trcfmt::EntryView& e) const = 0;
    // The process name for -O exec; empty when unknown.
    virtual std::string_view process_name(const Event& ev) const {
        (void)ev;
        return {};
    }
};

// AIX hook-word entries: the payload is the entry from its hook word on.
class AixTrcrptAdapter : public TrcrptAdapter {
public:
    AixTrcrptAdapter(bool hook64, ByteOrder order) : hook64_(hook64), order_(order) {}
    void entry(const Event& ev, trcfmt::EntryView& e) const override;

private:
    bool hook64_;
    ByteOrder order_;
};

// How the ID column shows a 16-bit hook key: `hhh0` as `hhh`, else 4 digits.
std::string trcrpt_hook_id(uint16_t key);

class TrcrptText {
public:
    TrcrptText(TrcrptOptions options, Output& out);
    ~TrcrptText();

    // One input: its templates and adapter (both must outlive the renderer).
    // `ticks`: timestamps are clock ticks, not nanoseconds.
    void add_input(const trcfmt::TemplateSet& set, const TrcrptAdapter& adapter, bool ticks);
    // The summary lines of each input and the title line (unless !heading).
    void heading(const std::vector<const TraceInfo*>& infos);
    // One event of input `input`. Returns false when a template ran $STOP.
    bool event(size_t input, const Event& ev);

    // Elapsed times count from `ts` (default: the first event's time).
    void set_origin(uint64_t ts) {
        have_first_ = true;
        first_ts_ = prev_ts_ = ts;
    }

    trcfmt::TraceState& state() { return state_; }
    uint64_t errors() const { return errors_; }
    const std::string& first_error() const { return first_error_; }

    // Column where a level's text starts (APPL 0 .. INT 3), after the prefix.
    unsigned text_column(unsigned level) const { return prefix_width_ + 3 + 8 * level; }

private:
    void prefix(const Event& ev, const TrcrptAdapter& a, std::string_view id, bool ticks);
    void undefined(const trcfmt::EntryView& e);

    TrcrptOptions opt_;
    Output& out_;
    trcfmt::TraceState state_;
    struct In {
        const trcfmt::TemplateSet* set;
        const TrcrptAdapter* adapter;
        bool ticks;
        std::unique_ptr<trcfmt::Evaluator> eval;
    };
    std::vector<In> inputs_;
    unsigned prefix_width_ = 0;
    bool have_first_ = false;
    uint64_t first_ts_ = 0, prev_ts_ = 0;
    std::string text_;  // reused event text
    trcfmt::EntryView entry_;
    uint64_t errors_ = 0;
    std::string first_error_;
};

}  // namespace tk
