// SPDX-License-Identifier: MIT
#pragma once
// `tracekit dump`: the headers of a trace.dat file, as `trace-cmd dump` (3.1.6)
// prints them, byte for byte; and the same header model as one JSON document.
#include <cstdint>
#include <string>
#include <string_view>

#include "tracekit/output.hpp"
#include "tracedat_file.hpp"

namespace tk::tracedat {

// The views, as trace-cmd's dump_items bits: every line trace-cmd prints
// carries a mask, and it is printed when the mask meets the chosen views.
enum DumpItem : uint32_t {
    DUMP_SUMMARY = 1u << 0,
    DUMP_HEAD_PAGE = 1u << 1,
    DUMP_HEAD_EVENT = 1u << 2,
    DUMP_FTRACE_FORMAT = 1u << 3,
    DUMP_EVENT_SYSTEMS = 1u << 4,
    DUMP_EVENT_FORMAT = 1u << 5,
    DUMP_KALLSYMS = 1u << 6,
    DUMP_TRACE_PRINTK = 1u << 7,
    DUMP_CMDLINES = 1u << 8,
    DUMP_OPTIONS = 1u << 9,
    DUMP_FLYRECORD = 1u << 10,
    DUMP_CLOCK = 1u << 11,
    DUMP_SECTIONS = 1u << 12,
    DUMP_STRINGS = 1u << 13,
    DUMP_ALL = 0xffffffffu,
};

// Writes trace-cmd's dump text for `items` (0 prints nothing). `display_name`
// is the file name as the user gave it (trace-cmd prints it verbatim).
// Throws FormatError where trace-cmd would die, after flushing what it printed.
void dump_text(const TraceDatFile& file, uint32_t items, std::string_view display_name, Output& out);

// The whole header model as one JSON document (tracekit's own format).
std::string dump_json(const TraceDatFile& file);

}  // namespace tk::tracedat
