// SPDX-License-Identifier: MIT
#pragma once
// A libtraceevent handle loaded from the canonical model, the way trace-cmd
// loads one: header page, ftrace and event formats, kallsyms, printk formats,
// saved cmdlines, and (unless disabled) the same plugins.
#include <string>

#include "tracekit/diagnostics.hpp"
#include "tracekit/model.hpp"

struct tep_handle;
struct tep_plugin_list;
struct tep_record;
struct tep_event;

namespace tk {

class TepSession {
public:
    TepSession(const TraceInfo& info, bool load_plugins, Diagnostics& diag);
    ~TepSession();
    TepSession(const TepSession&) = delete;
    TepSession& operator=(const TepSession&) = delete;

    tep_handle* tep() const { return tep_; }
    // The libtraceevent record for one of our events (no copy of the payload).
    static void fill_record(const Event& ev, tep_record& rec);

private:
    tep_handle* tep_ = nullptr;
    tep_plugin_list* plugins_ = nullptr;
};

}  // namespace tk
