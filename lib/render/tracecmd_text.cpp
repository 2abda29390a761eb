// SPDX-License-Identifier: MIT
#include "render/tracecmd_text.hpp"

#include <traceevent/event-parse.h>
#include <traceevent/trace-seq.h>

#include <cinttypes>
#include <cstdio>
#include <cstring>

namespace tk {

TracecmdText::TracecmdText(TepSession& session, TextStyle style, Output& out)
    : session_(session), style_(style), out_(out), seq_(new trace_seq) {
    trace_seq_init(seq_);
}

TracecmdText::~TracecmdText() {
    trace_seq_destroy(seq_);
    delete seq_;
}

void TracecmdText::event(const Event& ev, std::string_view prefix, bool seconds) {
    tep_handle* tep = session_.tep();
    tep_record rec;
    TepSession::fill_record(ev, rec);
    std::string& o = out_.buffer();
    char buf[128];
    int n;
    // trace-cmd prints the name column once, before the DROPPED line if any.
    o.append(prefix);
    if (ev.missed_before > 0) {
        n = std::snprintf(buf, sizeof buf, "CPU:%d [%" PRId64 " EVENTS DROPPED]\n", ev.cpu, ev.missed_before);
        o.append(buf, static_cast<size_t>(n));
    } else if (ev.missed_before < 0) {
        n = std::snprintf(buf, sizeof buf, "CPU:%d [EVENTS DROPPED]\n", ev.cpu);
        o.append(buf, static_cast<size_t>(n));
    }
    const char* comm = tep_data_comm_from_pid(tep, ev.pid);
    if (style_.latency) {
        n = std::snprintf(buf, sizeof buf, "%8.8s-%-5d %3d", comm, ev.pid, ev.cpu);
        o.append(buf, static_cast<size_t>(n));
        trace_seq_reset(seq_);
        tep_print_event(tep, seq_, &rec, "%s", TEP_PRINT_LATENCY);
        o.append(seq_->buffer, seq_->len);
    } else {
        n = std::snprintf(buf, sizeof buf, "%16s-%-5d [%03d]", comm, ev.pid, ev.cpu);
        o.append(buf, static_cast<size_t>(n));
    }
    if (seconds && !style_.raw_ts) {
        uint64_t ts = ev.ts;
        if (style_.nsec)
            n = std::snprintf(buf, sizeof buf, " %5" PRIu64 ".%09" PRIu64, ts / 1000000000, ts % 1000000000);
        else {
            uint64_t us = (ts + 500) / 1000;
            n = std::snprintf(buf, sizeof buf, " %5" PRIu64 ".%06" PRIu64, us / 1000000, us % 1000000);
        }
    } else {
        n = std::snprintf(buf, sizeof buf, "%12" PRIu64, ev.ts);
    }
    o.append(buf, static_cast<size_t>(n));
    tep_event* event = tep_find_event_by_record(tep, &rec);
    o.append(": ");
    const char* name = event ? event->name : "[UNKNOWN EVENT]";
    size_t len = std::strlen(name);
    o.append(name, len);
    o.push_back(':');
    if (len < 20) o.append(20 - len, ' ');
    o.push_back(' ');
    trace_seq_reset(seq_);
    tep_print_event(tep, seq_, &rec, "%s", style_.raw_fields ? TEP_PRINT_INFO_RAW : TEP_PRINT_INFO);
    // trace-cmd drops one trailing newline (trace_marker text carries one).
    size_t len_info = seq_->len;
    if (len_info && seq_->buffer[len_info - 1] == '\n') --len_info;
    o.append(seq_->buffer, len_info);
    o.push_back('\n');
    out_.maybe_flush();
}

}  // namespace tk
