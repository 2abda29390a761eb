// SPDX-License-Identifier: MIT
#include "tracedat_file.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>

#include "compression.hpp"
#include "option_ids.hpp"
#include "tracekit/limits.hpp"

namespace tk::tracedat {

namespace {
constexpr uint64_t kSectionHeaderSize = 16;

std::string_view trim_nul(std::string_view s) {
    while (!s.empty() && s.back() == '\0') s.remove_suffix(1);
    return s;
}

void expect_tag(ByteCursor& c, std::string_view tag, const char* what) {
    uint64_t at = c.offset();
    std::string_view got = c.bytes(tag.size(), what);
    if (got != tag) c.fail(at, std::string("expected ") + what + " tag");
}
}  // namespace

bool TraceDatFile::sniff(std::string_view prefix) {
    return prefix.size() >= 10 && std::memcmp(prefix.data(), kMagic, 10) == 0;
}

std::string_view TraceDatFile::own(std::string bytes) {
    owned_.push_back(std::move(bytes));
    return owned_.back();
}

std::string_view TraceDatFile::string_at(int64_t offset) const {
    if (offset < 0 || static_cast<uint64_t>(offset) >= strings_.size()) return {};
    std::string_view rest = strings_.substr(static_cast<size_t>(offset));
    return rest.substr(0, rest.find('\0'));
}

ByteCursor TraceDatFile::cursor_at(uint64_t offset) const {
    ByteCursor c(file_->data(), file_->size(), order_, file_->name());
    c.seek(offset, "section offset");
    return c;
}

TraceDatFile::TraceDatFile(std::shared_ptr<const MappedFile> file, Diagnostics& diag)
    : file_(std::move(file)), diag_(diag) {
    ByteCursor c(file_->data(), file_->size(), ByteOrder::little, file_->name());
    parse_prefix(c);
    if (version_ >= 7) parse_v7(c);
    else parse_v6(c);
    derive_kernel_long();
}

void TraceDatFile::parse_prefix(ByteCursor& c) {
    std::string_view magic = c.bytes(10, "magic");
    if (std::memcmp(magic.data(), kMagic, 10) != 0) c.fail(0, "not a trace.dat file (bad magic)");
    uint64_t at = c.offset();
    std::string_view v = c.cstr("version string");
    char* end = nullptr;
    std::string vs(v);
    long ver = std::strtol(vs.c_str(), &end, 10);
    if (vs.empty() || *end || ver < 1) c.fail(at, "bad version string \"" + vs + "\"");
    if (ver < 6 || ver > 7) c.fail(at, "unsupported trace.dat version " + vs + " (6 and 7 are supported)");
    version_ = static_cast<int>(ver);
    at = c.offset();
    uint8_t endian = c.u8();
    if (endian > 1) c.fail(at, "bad endian flag " + std::to_string(endian));
    order_ = endian ? ByteOrder::big : ByteOrder::little;
    c.set_order(order_);
    at = c.offset();
    user_long_size_ = c.u8();
    if (user_long_size_ != 4 && user_long_size_ != 8) c.fail(at, "bad long size " + std::to_string(user_long_size_));
    kernel_long_size_ = user_long_size_;
    at = c.offset();
    page_size_ = c.u32();
    if (page_size_ < 64 || page_size_ > limits().max_page_size) c.fail(at, "implausible page size " + std::to_string(page_size_));
}

// ---------------------------------------------------------------- v6

void TraceDatFile::parse_v6(ByteCursor& c) {
    parse_header_info(c);
    parse_ftrace_events(c);
    parse_event_formats(c);
    parse_kallsyms(c);
    parse_printk(c);
    parse_cmdlines(c);
    uint64_t at = c.offset();
    uint32_t ncpus = c.u32();
    if (ncpus > limits().max_cpus) c.fail(at, "implausible CPU count " + std::to_string(ncpus));
    cpus_ = static_cast<int>(ncpus);

    uint64_t tag_at = c.offset();
    std::string_view tag = c.bytes(10, "data tag");
    if (tag == std::string_view("options  \0", 10)) {
        options_offset = tag_at;
        parse_v6_options(c);
        tag_at = c.offset();
        tag = c.bytes(10, "data tag");
    }
    data_tag_offset = tag_at;
    Buffer top;
    top.page_size = page_size_;
    if (tag == std::string_view("latency  \0", 10)) {
        top.latency = true;
        top.latency_text = c.bytes(c.remaining());
    } else if (tag == std::string_view("flyrecord\0", 10)) {
        parse_v6_cpu_table(c, top, cpus_);
    } else {
        c.fail(tag_at, "expected \"flyrecord\" or \"latency\" tag");
    }
    top.clock = clock_for(top);
    buffers_.insert(buffers_.begin(), std::move(top));
    for (size_t i = 1; i < buffers_.size(); ++i) {
        Buffer& b = buffers_[i];
        ByteCursor bc = cursor_at(b.option_offset);
        expect_tag(bc, std::string_view("flyrecord\0", 10), "instance flyrecord");
        parse_v6_cpu_table(bc, b, cpus_);
        b.clock = clock_for(b);
    }
}

void TraceDatFile::parse_v6_cpu_table(ByteCursor& c, Buffer& b, int ncpus) {
    c.need(static_cast<uint64_t>(ncpus) * 16, "flyrecord CPU table");
    for (int i = 0; i < ncpus; ++i) {
        CpuRange r;
        r.cpu = i;
        uint64_t at = c.offset();
        r.offset = c.u64();
        r.size = c.u64();
        (void)at;  // data cut by the end of the file is read up to the cut and reported by CpuStream
        b.cpus.push_back(r);
    }
    if (!trace_clock_.empty()) {
        // Not in the man page: trace-cmd writes the clock after the table when it knows it.
        uint64_t at = c.offset();
        uint64_t len = c.u64();
        if (len > c.remaining()) c.fail(at, "trace clock length " + std::to_string(len) + " runs past the end");
        std::string_view clock = c.bytes(len);
        if (b.name.empty()) v6_clock = clock;
        if (clock.size() > 2 && clock.front() == '[') b.clock = std::string(clock.substr(1, clock.find(']') - 1));
    }
}

void TraceDatFile::parse_v6_options(ByteCursor& c) {
    for (;;) {
        Option o;
        o.offset = c.offset();
        o.id = c.u16();
        if (o.id == OPT_DONE) break;  // a bare u16 0 ends the v6 list
        uint64_t size_at = c.offset();
        o.size = c.u32();
        if (o.size > c.remaining())
            c.fail(size_at, "option " + std::to_string(o.id) + " size " + std::to_string(o.size) + " runs past the end of the file");
        ByteCursor p = c.sub(o.size, "option payload");
        o.payload = std::string_view(reinterpret_cast<const char*>(p.data()), o.size);
        options_.push_back(o);
        handle_option(options_.back(), p);
    }
}

// ---------------------------------------------------------------- blocks (v6 order; v7 section bodies)

void TraceDatFile::parse_header_info(ByteCursor& c) {
    header_page_block.offset = c.offset();
    expect_tag(c, std::string_view("header_page\0", 12), "header_page");
    uint64_t at = c.offset();
    uint64_t n = c.u64();
    if (n > c.remaining()) c.fail(at, "header_page size " + std::to_string(n) + " runs past the end");
    header_page_ = c.bytes(n);
    header_page_block.size = n;
    header_page_block.present = true;
    header_event_block.offset = c.offset();
    expect_tag(c, std::string_view("header_event\0", 13), "header_event");
    at = c.offset();
    n = c.u64();
    if (n > c.remaining()) c.fail(at, "header_event size " + std::to_string(n) + " runs past the end");
    header_event_ = c.bytes(n);
    header_event_block.size = n;
    header_event_block.present = true;
}

void TraceDatFile::parse_ftrace_events(ByteCursor& c) {
    ftrace_block.offset = c.offset();
    uint64_t at = c.offset();
    uint32_t count = c.u32();
    if (count > limits().max_formats || count * 8ull > c.remaining())
        c.fail(at, "ftrace format count " + std::to_string(count) + " is impossible for the bytes left");
    for (uint32_t i = 0; i < count; ++i) {
        uint64_t fat = c.offset();
        uint64_t n = c.u64();
        if (n > c.remaining()) c.fail(fat, "ftrace format size " + std::to_string(n) + " runs past the end");
        ftrace_formats_.push_back(c.bytes(n));
    }
    ftrace_block.size = count;
    ftrace_block.present = true;
}

void TraceDatFile::parse_event_formats(ByteCursor& c) {
    events_block.offset = c.offset();
    uint64_t at = c.offset();
    uint32_t nsys = c.u32();
    if (nsys > limits().max_formats || nsys * 5ull > c.remaining())
        c.fail(at, "event system count " + std::to_string(nsys) + " is impossible for the bytes left");
    for (uint32_t s = 0; s < nsys; ++s) {
        System sys;
        sys.name = c.cstr("system name");
        uint64_t cat = c.offset();
        uint32_t count = c.u32();
        if (count > limits().max_formats || count * 8ull > c.remaining())
            c.fail(cat, "event count " + std::to_string(count) + " of system " + std::string(sys.name) + " is impossible");
        for (uint32_t i = 0; i < count; ++i) {
            uint64_t fat = c.offset();
            uint64_t n = c.u64();
            if (n > c.remaining()) c.fail(fat, "event format size " + std::to_string(n) + " runs past the end");
            sys.formats.push_back(c.bytes(n));
        }
        systems_.push_back(std::move(sys));
    }
    events_block.size = nsys;
    events_block.present = true;
}

void TraceDatFile::parse_kallsyms(ByteCursor& c) {
    kallsyms_block.offset = c.offset();
    uint64_t at = c.offset();
    uint32_t n = c.u32();
    if (n > c.remaining()) c.fail(at, "kallsyms size " + std::to_string(n) + " runs past the end");
    kallsyms_ = c.bytes(n);
    kallsyms_block.size = n;
    kallsyms_block.present = true;
}

void TraceDatFile::parse_printk(ByteCursor& c) {
    printk_block.offset = c.offset();
    uint64_t at = c.offset();
    uint32_t n = c.u32();
    if (n > c.remaining()) c.fail(at, "printk formats size " + std::to_string(n) + " runs past the end");
    printk_ = c.bytes(n);
    printk_block.size = n;
    printk_block.present = true;
}

void TraceDatFile::parse_cmdlines(ByteCursor& c) {
    cmdlines_block.offset = c.offset();
    uint64_t at = c.offset();
    uint64_t n = c.u64();
    if (n > c.remaining()) c.fail(at, "cmdlines size " + std::to_string(n) + " runs past the end");
    cmdlines_ = c.bytes(n);
    cmdlines_block.size = n;
    cmdlines_block.present = true;
}

// ---------------------------------------------------------------- v7

void TraceDatFile::parse_v7(ByteCursor& c) {
    compression_ = std::string(c.cstr("compression name"));
    compression_version_ = std::string(c.cstr("compression version"));
    Codec codec;
    if (!codec_from_name(compression_, codec))
        c.fail(c.offset(), "unknown compression \"" + compression_ + "\"");
    uint64_t at = c.offset();
    options_offset = c.u64();
    if (options_offset < c.offset() || options_offset >= file_->size())
        c.fail(at, "first options section offset " + hex(options_offset) + " lies outside the file (size " +
                       hex(file_->size()) + ")");
    read_v7_strings(c.offset());
    parse_v7_options_chain(options_offset, at);
    if (cpus_ == 0) {
        for (const Buffer& b : buffers_) cpus_ = std::max(cpus_, static_cast<int>(b.cpus.size()));
    }
    // trace-cmd treats the buffer named "" as the top one; keep it first.
    std::stable_partition(buffers_.begin(), buffers_.end(), [](const Buffer& b) { return b.name.empty(); });
}

// STRINGS sections come last, but descriptions point into them: walk every
// section header first, as trace-cmd does.
void TraceDatFile::read_v7_strings(uint64_t first_section) {
    uint64_t pos = first_section;
    std::string all;
    Codec codec;
    codec_from_name(compression_, codec);
    while (pos + kSectionHeaderSize <= file_->size()) {
        ByteCursor c = cursor_at(pos);
        uint16_t id = c.u16();
        uint16_t flags = c.u16();
        c.s32();
        uint64_t size = c.u64();
        if (size > c.remaining()) {
            diag_.add(Diag::truncated_section, 1,
                      name() + ": offset " + hex(pos + 8) + ": section " + std::to_string(id) + " of " +
                          std::to_string(size) + " bytes runs past the end of the file (size " + hex(file_->size()) + ")");
            break;
        }
        if (id == OPT_STRINGS) {
            std::string_view body = c.bytes(size);
            if (flags & 1) {
                ByteCursor b(body, order_, file_->name(), pos + kSectionHeaderSize);
                uint32_t csize = b.u32();
                uint32_t usize = b.u32();
                std::string out, err;
                std::string_view comp = b.bytes(csize, "compressed strings");
                if (!decompress(codec, comp, usize, out, err)) b.fail(pos + kSectionHeaderSize, "strings section: " + err);
                all += out;
            } else {
                all += body;
            }
        }
        pos += kSectionHeaderSize + size;
    }
    if (pos < file_->size() && pos + kSectionHeaderSize > file_->size())
        diag_.add(Diag::truncated_section, 1,
                  name() + ": offset " + hex(pos) + ": a section header is cut short by the end of the file");
    strings_ = own(std::move(all));
}

int TraceDatFile::read_v7_section(uint64_t offset, uint16_t expect_id, uint64_t pointer_at) {
    for (size_t i = 0; i < sections_.size(); ++i)
        if (sections_[i].offset == offset && sections_[i].id == expect_id) return static_cast<int>(i);
    if (offset + kSectionHeaderSize > file_->size())
        throw FormatError(file_->name(), pointer_at,
                          "section " + std::to_string(expect_id) + " at " + hex(offset) +
                              " lies past the end of the file (size " + hex(file_->size()) + ")");
    ByteCursor c = cursor_at(offset);
    Section s;
    s.offset = offset;
    s.id = c.u16();
    s.flags = c.u16();
    s.description = c.s32();
    uint64_t size_at = c.offset();
    s.size = c.u64();
    if (s.id != expect_id)
        c.fail(offset, "expected section " + std::to_string(expect_id) + ", found id " + std::to_string(s.id));
    if (s.size > c.remaining())
        c.fail(size_at, "section " + std::to_string(s.id) + " size " + std::to_string(s.size) +
                            " runs past the end of the file (size " + hex(file_->size()) + ")");
    // STRINGS is written last: a description past its end means the file lost its tail.
    if (s.description >= 0 && static_cast<uint64_t>(s.description) >= strings_.size())
        diag_.add(Diag::truncated_section, 1,
                  name() + ": offset " + hex(offset + 4) + ": section description " + std::to_string(s.description) +
                      " points past the strings (" + std::to_string(strings_.size()) + " bytes): the STRINGS section is missing");
    uint64_t body_at = c.offset();
    std::string_view body = c.bytes(s.size);
    bool metadata = s.id != OPT_DONE && s.id != OPT_BUFFER && s.id != OPT_BUFFER_TEXT;
    if (s.compressed() && metadata) {
        ByteCursor b(body, order_, file_->name(), body_at);
        s.compressed_size = b.u32();
        s.uncompressed_size = b.u32();
        uint64_t data_at = b.offset();
        std::string_view comp = b.bytes(s.compressed_size, "compressed section data");
        Codec codec;
        codec_from_name(compression_, codec);
        std::string out, err;
        if (!decompress(codec, comp, s.uncompressed_size, out, err))
            b.fail(data_at, "section " + std::to_string(s.id) + ": " + err);
        s.body = own(std::move(out));
    } else {
        s.body = body;
    }
    sections_.push_back(s);
    return static_cast<int>(sections_.size() - 1);
}

void TraceDatFile::parse_v7_options_chain(uint64_t offset, uint64_t pointer_at) {
    while (offset) {
        if (std::find(visited_option_sections_.begin(), visited_option_sections_.end(), offset) !=
            visited_option_sections_.end())
            throw FormatError(file_->name(), offset, "options sections form a loop");
        visited_option_sections_.push_back(offset);
        int si = read_v7_section(offset, OPT_DONE, pointer_at);
        const Section& s = sections_[si];
        ByteCursor c(s.body, order_, file_->name(), s.offset + kSectionHeaderSize);
        uint64_t next = 0;
        bool done = false;
        while (!done) {
            Option o;
            o.offset = c.offset();
            o.section = si;
            o.id = c.u16();
            uint64_t size_at = c.offset();
            o.size = c.u32();
            if (o.size > c.remaining())
                c.fail(size_at, "option " + std::to_string(o.id) + " size " + std::to_string(o.size) + " runs past the end of its section");
            ByteCursor p = c.sub(o.size, "option payload");
            o.payload = std::string_view(reinterpret_cast<const char*>(p.data()), o.size);
            options_.push_back(o);
            if (o.id == OPT_DONE) {
                pointer_at = p.offset();
                next = p.u64();
                done = true;
            } else {
                handle_option(options_.back(), p);
            }
        }
        offset = next;
    }
}

void TraceDatFile::parse_v7_buffer(const Option& o, ByteCursor& c, bool text) {
    Buffer b;
    uint64_t at = c.offset();
    b.option_offset = c.u64();
    (void)o;
    b.name = std::string(c.cstr("buffer name"));
    b.clock = std::string(c.cstr("buffer clock"));
    b.page_size = page_size_;
    b.section = read_v7_section(b.option_offset, text ? OPT_BUFFER_TEXT : OPT_BUFFER, at);
    const Section& s = sections_[b.section];
    b.compressed = s.compressed();
    if (text) {
        b.latency = true;
        if (s.compressed()) {
            ByteCursor d(s.body, order_, file_->name(), s.offset + kSectionHeaderSize);
            uint32_t chunks = d.u32();
            std::string all;
            Codec codec;
            codec_from_name(compression_, codec);
            for (uint32_t i = 0; i < chunks; ++i) {
                uint32_t cs = d.u32(), us = d.u32();
                uint64_t dat = d.offset();
                std::string out, err;
                if (!decompress(codec, d.bytes(cs, "latency chunk"), us, out, err)) d.fail(dat, "latency text: " + err);
                all += out;
            }
            b.latency_text = own(std::move(all));
        } else {
            b.latency_text = s.body;
        }
    } else {
        uint64_t ps_at = c.offset();
        b.page_size = c.u32();
        if (b.page_size < 64 || b.page_size > limits().max_page_size) c.fail(ps_at, "implausible page size " + std::to_string(b.page_size));
        uint64_t n_at = c.offset();
        uint32_t n = c.u32();
        if (n > limits().max_cpus || n * 20ull > c.remaining()) c.fail(n_at, "buffer CPU count " + std::to_string(n) + " is impossible");
        uint64_t sec_end = s.offset + kSectionHeaderSize + s.size;
        for (uint32_t i = 0; i < n; ++i) {
            CpuRange r;
            uint64_t rat = c.offset();
            r.cpu = static_cast<int>(c.u32());
            r.offset = c.u64();
            r.size = c.u64();
            if (r.offset < s.offset || r.offset > sec_end || r.size > file_->size() - std::min(r.offset, file_->size()))
                c.fail(rat, "CPU " + std::to_string(r.cpu) + " data [" + hex(r.offset) + ", +" + std::to_string(r.size) +
                                ") lies outside its section [" + hex(s.offset) + ", " + hex(sec_end) + ")");
            b.cpus.push_back(r);
        }
    }
    buffers_.push_back(std::move(b));
}

void TraceDatFile::handle_option(const Option& o, ByteCursor& p) {
    auto ascii = [&] { return std::string(trim_nul(o.payload)); };
    auto section_body = [&](uint16_t id) {
        uint64_t at = p.offset();
        uint64_t off = p.u64();
        int si = read_v7_section(off, id, at);
        const Section& s = sections_[si];
        return ByteCursor(s.body, order_, file_->name(), s.offset + kSectionHeaderSize);
    };
    switch (o.id) {
    case OPT_DATE: ts_offset_ += std::strtoll(ascii().c_str(), nullptr, 0) * 1000; break;
    case OPT_OFFSET: ts_offset_ += std::strtoll(ascii().c_str(), nullptr, 0); break;
    case OPT_TRACECLOCK: trace_clock_ = o.payload; break;
    case OPT_CPUCOUNT:
        if (o.size >= 4) {
            uint32_t n = p.u32();
            if (n > limits().max_cpus) p.fail(o.offset, "implausible CPU count " + std::to_string(n));
            cpus_ = static_cast<int>(n);
        }
        break;
    case OPT_TSC2NSEC:
        if (o.size >= 16) {
            tsc_mult_ = p.u32();
            tsc_shift_ = p.u32();
            tsc2nsec_ = true;
        }
        break;
    case OPT_BUFFER:
        if (version_ >= 7) {
            parse_v7_buffer(o, p, false);
        } else {
            Buffer b;
            b.option_offset = p.u64();
            b.name = std::string(p.cstr("buffer name"));
            b.page_size = page_size_;
            if (b.option_offset >= file_->size())
                p.fail(o.offset, "instance \"" + b.name + "\" offset " + hex(b.option_offset) + " lies past the end of the file");
            buffers_.push_back(std::move(b));
        }
        break;
    case OPT_BUFFER_TEXT:
        if (version_ >= 7) parse_v7_buffer(o, p, true);
        break;
    case OPT_HEADER_INFO: if (version_ >= 7) { ByteCursor b = section_body(OPT_HEADER_INFO); parse_header_info(b); } break;
    case OPT_FTRACE_EVENTS: if (version_ >= 7) { ByteCursor b = section_body(OPT_FTRACE_EVENTS); parse_ftrace_events(b); } break;
    case OPT_EVENT_FORMATS: if (version_ >= 7) { ByteCursor b = section_body(OPT_EVENT_FORMATS); parse_event_formats(b); } break;
    case OPT_KALLSYMS: if (version_ >= 7) { ByteCursor b = section_body(OPT_KALLSYMS); parse_kallsyms(b); } break;
    case OPT_PRINTK: if (version_ >= 7) { ByteCursor b = section_body(OPT_PRINTK); parse_printk(b); } break;
    case OPT_CMDLINES: if (version_ >= 7) { ByteCursor b = section_body(OPT_CMDLINES); parse_cmdlines(b); } break;
    default:
        if (o.id > OPT_MAX_KNOWN)
            diag_.add(Diag::unknown_option, 1, name() + ": offset " + hex(o.offset) + ": option id " + std::to_string(o.id));
        break;
    }
}

std::string TraceDatFile::clock_for(const Buffer& b) const {
    if (!b.clock.empty()) return b.clock;
    std::string_view t = trace_clock_;
    size_t l = t.find('['), r = t.find(']');
    if (l != std::string_view::npos && r != std::string_view::npos && r > l) return std::string(t.substr(l + 1, r - l - 1));
    return {};
}

// The data uses the kernel's long, which header_page gives as the size of `commit`.
void TraceDatFile::derive_kernel_long() {
    std::string_view hp = header_page_;
    size_t at = hp.find("commit;");
    if (at == std::string_view::npos) return;
    size_t sz = hp.find("size:", at);
    if (sz == std::string_view::npos) return;
    int v = std::atoi(std::string(hp.substr(sz + 5, 4)).c_str());
    if (v == 4 || v == 8) kernel_long_size_ = static_cast<uint8_t>(v);
}

// Names as trace-cmd 3.1.6 dump prints them (checked against it, including
// "TimeShift"). 3.1.6 dump does not know 15 and 23-25 (it prints them as
// unknown options) and shows 22 as "BUFFER"; those names are tracekit's own.
const char* option_name(uint16_t id) {
    static const char* const names[] = {
        "DONE", "DATE", "CPUSTAT", "BUFFER", "TRACECLOCK", "UNAME", "HOOK", "OFFSET", "CPUCOUNT",
        "VERSION", "PROCMAPS", "TRACEID", "TimeShift", "GUEST", "TSC2NSEC", "STRINGS", "HEADERS",
        "FTRACE EVENTS", "EVENT FORMATS", "KALLSYMS", "PRINTK", "CMDLINES", "BUFFER TEXT",
        "BTF", "LAST BOOT INFO", "MODULES"};
    return id < sizeof names / sizeof *names ? names[id] : nullptr;
}

}  // namespace tk::tracedat
