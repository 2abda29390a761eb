// SPDX-License-Identifier: MIT
#pragma once
// The canonical event model. Every reader fills it, every writer and renderer
// reads only from it, so N readers and M writers give N x M conversions.
// Per-format facts with no common meaning live in TraceInfo::extras under a
// namespaced key ("tracedat:*", "aix:*", "posix:*", "cxux:*").
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "tracekit/byte_cursor.hpp"

namespace tk {

enum class FormatFamily : uint8_t { tracedat, aix, posix, cxux };

// How one field of an event payload is laid out.
enum class FieldLayout : uint8_t {
    scalar,       // integer or pointer of `size` bytes
    fixed_array,  // `size` bytes holding size/element_size elements
    data_loc,     // u32: offset (low 16) and length (high 16) from the record start
    rel_loc,      // like data_loc, offset relative to the end of the field
    rest,         // size 0: the rest of the record
};

struct FieldDef {
    std::string name;
    std::string c_type;        // as declared, e.g. "char comm[16]" -> "char"
    uint32_t offset = 0;
    uint32_t size = 0;
    uint32_t element_size = 0;  // arrays: size of one element
    bool is_signed = false;
    bool common = false;        // ftrace common_* header field
    FieldLayout layout = FieldLayout::scalar;
};

// AIX hook schema: the facts a hook-word log carries besides the payload.
struct AixHookSchema {
    uint16_t hook_id = 0;  // 12-bit (32-bit logs) or 16-bit (64-bit logs)
    uint8_t hook_type = 0;
    uint8_t data_words = 0;
};

struct EventType {
    uint32_t id = 0;
    std::string system;
    std::string name;
    std::vector<FieldDef> fields;
    std::string format_text;  // ftrace "format" file text, when the source has one
    std::string print_fmt;    // the ftrace print fmt (the part after "print fmt: ")
    std::string trcfmt;       // a trcfmt template, when the source has one
    std::optional<AixHookSchema> aix;
};

// How raw timestamps become nanoseconds.
struct ClockInfo {
    std::string name;          // "local", "x86-tsc", ...
    bool in_nanoseconds = true;  // trace-cmd prints seconds only for ns clocks
    std::optional<std::pair<uint32_t, uint32_t>> mult_shift;  // TSC2NSEC
    int64_t offset_ns = 0;     // DATE*1000 + OFFSET, added to every timestamp
};

struct CpuData {
    int cpu = 0;
    uint64_t offset = 0;  // file offset of the data (page-aligned in trace.dat)
    uint64_t size = 0;    // as stored in the file
};

// A trace buffer: the top buffer ("") or a named instance.
struct Instance {
    std::string name;
    std::string clock;
    uint32_t page_size = 0;
    std::vector<CpuData> cpus;
    bool latency = false;     // text data instead of ring-buffer pages
    std::string latency_text;
    bool clock_in_ns = true;  // timestamps print as seconds (trace-cmd's rule)
    uint64_t section_offset = 0;
};

struct TraceInfo {
    FormatFamily family = FormatFamily::tracedat;
    std::string file;
    int version = 0;
    ByteOrder order = ByteOrder::little;
    uint8_t user_long_size = 8;    // as declared by the file
    uint8_t kernel_long_size = 8;  // what the data uses (trace.dat: from header_page)
    uint32_t page_size = 0;
    std::string compression;       // "" = none
    std::string compression_version;
    int cpus = 0;
    std::vector<Instance> instances;
    ClockInfo clock;
    std::string uname, tool_version;

    std::map<int, std::string> comms;  // pid -> comm
    std::string header_page, header_event;
    std::string kallsyms, printk_formats, cmdlines;
    std::vector<std::string> ftrace_formats;                          // events/ftrace/*/format
    std::vector<std::pair<std::string, std::vector<std::string>>> event_formats;  // system -> formats
    std::vector<EventType> event_types;
    std::map<std::string, std::string> extras;
};

// One event as readers hand it out. The payload is a view into the mapped file
// or a reader-owned buffer that stays valid until the stream advances.
struct Event {
    uint64_t ts_raw = 0;
    uint64_t ts = 0;          // after the clock rules (ns for ns clocks)
    int32_t cpu = 0;
    uint16_t instance = 0;
    int32_t pid = -1;
    int32_t tid = -1;
    uint32_t type_id = 0;
    std::span<const uint8_t> payload;
    int64_t missed_before = 0;  // >0 events dropped before this one, -1 unknown count
    uint64_t file_offset = 0;   // where the record starts, for messages
    uint64_t block = 0;         // the source block it came from (trace.dat: page ordinal on its CPU)
};

}  // namespace tk
