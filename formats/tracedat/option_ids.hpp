// SPDX-License-Identifier: MIT
#pragma once
// trace.dat option IDs. In v7 the section IDs are the same numbers.
#include <cstdint>

namespace tk::tracedat {

enum OptionId : uint16_t {
    OPT_DONE = 0,           // v7: u64 offset of the next OPTIONS section
    OPT_DATE = 1,           // ASCII µs offset to wall-clock time
    OPT_CPUSTAT = 2,        // per_cpu/cpuN/stats text
    OPT_BUFFER = 3,         // instance buffer (v7: also the flyrecord section id)
    OPT_TRACECLOCK = 4,     // trace_clock file text
    OPT_UNAME = 5,
    OPT_HOOK = 6,
    OPT_OFFSET = 7,         // ASCII ns offset
    OPT_CPUCOUNT = 8,       // u32
    OPT_VERSION = 9,
    OPT_PROCMAPS = 10,
    OPT_TRACEID = 11,       // u64
    OPT_TIME_SHIFT = 12,
    OPT_GUEST = 13,
    OPT_TSC2NSEC = 14,      // u32 mult, u32 shift, u64 offset
    OPT_STRINGS = 15,       // v7 STRINGS section
    OPT_HEADER_INFO = 16,   // v7: u64 offset of the section
    OPT_FTRACE_EVENTS = 17,
    OPT_EVENT_FORMATS = 18,
    OPT_KALLSYMS = 19,
    OPT_PRINTK = 20,
    OPT_CMDLINES = 21,
    OPT_BUFFER_TEXT = 22,   // latency data section
    OPT_BTF_FILE = 23,      // trace-cmd 3.2+
    OPT_LAST_BOOT_INFO = 24,
    OPT_MODULES_FILE = 25,
    OPT_MAX_KNOWN = 25,
};

// The name trace-cmd's dump prints for an option ("HEADERS", "TRACECLOCK", ...);
// nullptr for IDs it does not know.
const char* option_name(uint16_t id);

}  // namespace tk::tracedat
