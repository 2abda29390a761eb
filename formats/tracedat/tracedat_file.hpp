// SPDX-License-Identifier: MIT
#pragma once
// A parsed trace.dat file (v6 or v7): every header block, option and section,
// kept as views into the mapped file (or into decompressed copies owned here).
// Parsing validates every size against the bytes that exist before using it.
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "tracekit/diagnostics.hpp"
#include "tracekit/mapped_file.hpp"
#include "tracekit/model.hpp"

namespace tk::tracedat {

inline constexpr char kMagic[] = "\x17\x08\x44tracing";  // 10 bytes

struct Option {
    uint16_t id = 0;
    uint32_t size = 0;
    std::string_view payload;
    uint64_t offset = 0;    // file offset of the option's id field
    int section = -1;       // v7: index into TraceDatFile::sections
};

struct Section {
    uint16_t id = 0;
    uint16_t flags = 0;     // bit 0: compressed
    int32_t description = -1;  // offset into the STRINGS data
    uint64_t offset = 0;    // file offset of the 16-byte section header
    uint64_t size = 0;      // bytes after the header
    uint32_t compressed_size = 0, uncompressed_size = 0;  // compressed metadata sections
    std::string_view body;  // uncompressed body (decompressed copy if compressed)
    bool compressed() const { return flags & 1; }
};

struct CpuRange {
    int cpu = 0;
    uint64_t offset = 0;  // file offset of the CPU's first page (v7 compressed: of its chunk count)
    uint64_t size = 0;    // stored size (3.1.x compressed: 4 bytes short)
};

struct Buffer {
    std::string name;      // "" = top buffer
    std::string clock;     // "" when the file does not say
    uint32_t page_size = 0;
    std::vector<CpuRange> cpus;
    bool latency = false;
    std::string_view latency_text;
    uint64_t option_offset = 0;  // v6: offset the BUFFER option points to; v7: section offset
    int section = -1;            // v7: its flyrecord / text section
    bool compressed = false;     // v7 flyrecord data in chunks
};

// Where each header block came from, for dump and for error messages.
struct Block {
    uint64_t offset = 0;  // where it starts (the size field)
    uint64_t size = 0;    // as stored
    bool present = false;
};

class TraceDatFile {
public:
    // Parses the headers and options; the event data is read later by CpuStream.
    // Throws FormatError (file + offset) for anything it cannot make sense of.
    TraceDatFile(std::shared_ptr<const MappedFile> file, Diagnostics& diag);

    static bool sniff(std::string_view prefix);

    const MappedFile& file() const { return *file_; }
    const std::string& name() const { return file_->name(); }
    int version() const { return version_; }
    ByteOrder order() const { return order_; }
    uint8_t user_long_size() const { return user_long_size_; }
    uint8_t kernel_long_size() const { return kernel_long_size_; }
    uint32_t page_size() const { return page_size_; }
    const std::string& compression() const { return compression_; }
    const std::string& compression_version() const { return compression_version_; }
    int cpus() const { return cpus_; }

    std::string_view header_page() const { return header_page_; }
    std::string_view header_event() const { return header_event_; }
    const std::vector<std::string_view>& ftrace_formats() const { return ftrace_formats_; }
    struct System {
        std::string_view name;
        std::vector<std::string_view> formats;
    };
    const std::vector<System>& systems() const { return systems_; }
    std::string_view kallsyms() const { return kallsyms_; }
    std::string_view printk() const { return printk_; }
    std::string_view cmdlines() const { return cmdlines_; }

    const std::vector<Option>& options() const { return options_; }
    const std::vector<Section>& sections() const { return sections_; }
    const std::vector<Buffer>& buffers() const { return buffers_; }
    std::string_view strings() const { return strings_; }
    // The STRINGS entry at `offset`, or "" when it does not exist.
    std::string_view string_at(int64_t offset) const;

    // Blocks in v6 order, for dump and truncation tests.
    Block header_page_block, header_event_block, ftrace_block, events_block, kallsyms_block, printk_block,
        cmdlines_block;
    uint64_t options_offset = 0;    // v6: "options  " tag; v7: first OPTIONS section
    uint64_t data_tag_offset = 0;   // v6: "flyrecord"/"latency" tag
    std::string_view v6_clock;      // v6: the "[clock]" text after the CPU table

    // Clock and time-offset facts as trace-cmd applies them.
    std::string_view trace_clock_text() const { return trace_clock_; }  // TRACECLOCK option payload
    std::string clock_for(const Buffer& b) const;  // "local", "x86-tsc", ...
    int64_t ts_offset() const { return ts_offset_; }  // DATE*1000 + OFFSET
    bool has_tsc2nsec() const { return tsc2nsec_; }
    uint32_t tsc_mult() const { return tsc_mult_; }
    uint32_t tsc_shift() const { return tsc_shift_; }

    // Keeps decompressed bytes alive for the life of the file.
    std::string_view own(std::string bytes);
    Diagnostics& diagnostics() const { return diag_; }

private:
    void parse_prefix(ByteCursor& c);
    void parse_v6(ByteCursor& c);
    void parse_v7(ByteCursor& c);
    void parse_v6_options(ByteCursor& c);
    void parse_v6_cpu_table(ByteCursor& c, Buffer& b, int ncpus);
    void read_v7_strings(uint64_t first_section);
    int read_v7_section(uint64_t offset, uint16_t expect_id, uint64_t pointer_at);
    void parse_v7_options_chain(uint64_t offset, uint64_t pointer_at);
    void handle_option(const Option& o, ByteCursor& payload);
    void parse_header_info(ByteCursor& c);
    void parse_ftrace_events(ByteCursor& c);
    void parse_event_formats(ByteCursor& c);
    void parse_kallsyms(ByteCursor& c);
    void parse_printk(ByteCursor& c);
    void parse_cmdlines(ByteCursor& c);
    void parse_v7_buffer(const Option& o, ByteCursor& c, bool text);
    void derive_kernel_long();
    ByteCursor cursor_at(uint64_t offset) const;

    std::shared_ptr<const MappedFile> file_;
    Diagnostics& diag_;
    int version_ = 0;
    ByteOrder order_ = ByteOrder::little;
    uint8_t user_long_size_ = 8, kernel_long_size_ = 8;
    uint32_t page_size_ = 0;
    std::string compression_, compression_version_;
    int cpus_ = 0;
    std::string_view header_page_, header_event_, kallsyms_, printk_, cmdlines_, strings_;
    std::vector<std::string_view> ftrace_formats_;
    std::vector<System> systems_;
    std::vector<Option> options_;
    std::vector<Section> sections_;
    std::vector<Buffer> buffers_;
    std::string_view trace_clock_;
    int64_t ts_offset_ = 0;
    bool tsc2nsec_ = false;
    uint32_t tsc_mult_ = 0, tsc_shift_ = 0;
    std::deque<std::string> owned_;
    std::vector<uint64_t> visited_option_sections_;
};

}  // namespace tk::tracedat
