// SPDX-License-Identifier: MIT
// `tracekit dump`. The text mirrors trace-cmd 3.1.6's trace-dump.c: the file is
// walked in the same order and every line carries the same view mask, so any
// combination of views prints what trace-cmd prints. Options are re-read as a
// byte stream, as trace-cmd reads them, so odd payloads are shown the same way.
#include "dump.hpp"

#include "tracekit/json.hpp"

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <vector>

#include "option_ids.hpp"

namespace tk::tracedat {

namespace {

constexpr size_t kDumpSize = 1024;  // trace-cmd's DUMP_SIZE

class Dumper {
public:
    Dumper(const TraceDatFile& f, uint32_t mask, Output& out) : f_(f), mask_(mask), out_(out) {}

    void run(std::string_view display_name) {
        pr(DUMP_SUMMARY, "\n Tracing meta data in file %.*s:\n", static_cast<int>(display_name.size()),
           display_name.data());
        ByteCursor c = file_cursor();
        initial_format(c);
        if (f_.version() >= 7) {
            compression(c);
            v7(c);
        } else {
            v6(c);
        }
        out_.flush();
    }

private:
    const TraceDatFile& f_;
    uint32_t mask_;
    Output& out_;
    bool has_clock_ = false;

    struct PendingSection {
        uint16_t id;
        uint32_t mask;
        uint64_t offset;
    };
    std::vector<PendingSection> pending_;  // newest first, like trace-cmd's list

    ByteCursor file_cursor() const {
        return ByteCursor(f_.file().data(), f_.file().size(), f_.order(), f_.name());
    }

    __attribute__((format(printf, 3, 4))) void pr(uint32_t m, const char* fmt, ...) {
        if (!(mask_ & m)) return;
        char small[512];
        va_list ap;
        va_start(ap, fmt);
        int n = std::vsnprintf(small, sizeof small, fmt, ap);
        va_end(ap);
        if (n < 0) return;
        if (static_cast<size_t>(n) < sizeof small) {
            out_.put(std::string_view(small, static_cast<size_t>(n)));
            return;
        }
        std::string big(static_cast<size_t>(n) + 1, '\0');
        va_start(ap, fmt);
        std::vsnprintf(big.data(), big.size(), fmt, ap);
        va_end(ap);
        big.resize(static_cast<size_t>(n));
        out_.put(big);
    }

    // trace-cmd's read_dump_string(): chunks of at most 1023 bytes, each printed
    // with "%s" (so it stops at a NUL), then a newline.
    void dump_string(uint32_t m, std::string_view s) {
        if (!(mask_ & m)) return;
        size_t size = s.size(), pos = 0;
        while (size) {
            size_t l = size < kDumpSize ? size : kDumpSize - 1;
            std::string_view chunk = s.substr(pos, l);
            size_t nul = chunk.find('\0');
            if (nul != std::string_view::npos) chunk = chunk.substr(0, nul);
            out_.put(chunk);
            pos += l;
            size -= l;
        }
        out_.put('\n');
    }

    static std::string cstr_limited(ByteCursor& c, const char* what) {
        // read_file_string(): up to DUMP_SIZE bytes including the NUL.
        std::string_view s = c.cstr(what);
        return std::string(s.substr(0, std::min(s.size(), kDumpSize - 1)));
    }

    // ------------------------------------------------------------ common blocks

    void initial_format(ByteCursor& c) {
        pr(DUMP_SUMMARY, "\t[Initial format]\n");
        c.skip(10, "magic");
        std::string ver(c.cstr("version"));
        pr(DUMP_SUMMARY, "\t\t%s\t[Version]\n", ver.c_str());
        uint8_t endian = c.u8();
        pr(DUMP_SUMMARY, "\t\t%d\t[%s endian]\n", endian, endian ? "Big" : "Little");
        uint8_t lsize = c.u8();
        pr(DUMP_SUMMARY, "\t\t%d\t[Bytes in a long]\n", lsize);
        c.set_order(f_.order());
        uint32_t psize = c.u32();
        pr(DUMP_SUMMARY, "\t\t%d\t[Page size, bytes]\n", static_cast<int>(psize));
    }

    void compression(ByteCursor& c) {
        std::string name(c.cstr("compression name"));
        std::string ver(c.cstr("compression version"));
        pr(DUMP_SUMMARY, "\t\t%s\t[Compression algorithm]\n", name.c_str());
        pr(DUMP_SUMMARY, "\t\t%s\t[Compression version]\n", ver.c_str());
    }

    void header_page(ByteCursor& c) {
        pr(DUMP_SUMMARY | DUMP_HEAD_PAGE, "\t[Header page, ");
        c.skip(12, "header_page tag");
        uint64_t size = c.u64();
        pr(DUMP_SUMMARY | DUMP_HEAD_PAGE, "%lld bytes]\n", static_cast<long long>(size));
        dump_string(DUMP_HEAD_PAGE, c.bytes(size, "header page"));
    }

    void header_event(ByteCursor& c) {
        pr(DUMP_SUMMARY | DUMP_HEAD_EVENT, "\t[Header event, ");
        c.skip(13, "header_event tag");
        uint64_t size = c.u64();
        pr(DUMP_SUMMARY | DUMP_HEAD_EVENT, "%lld bytes]\n", static_cast<long long>(size));
        dump_string(DUMP_HEAD_EVENT, c.bytes(size, "header event"));
    }

    void ftrace_events(ByteCursor& c) {
        pr(DUMP_SUMMARY | DUMP_FTRACE_FORMAT, "\t[Ftrace format, ");
        uint32_t count = c.u32();
        pr(DUMP_SUMMARY | DUMP_FTRACE_FORMAT, "%d events]\n", static_cast<int>(count));
        while (count--) {
            uint64_t size = c.u64();
            dump_string(DUMP_FTRACE_FORMAT, c.bytes(size, "ftrace format"));
        }
    }

    void events_format(ByteCursor& c) {
        const uint32_t m = DUMP_SUMMARY | DUMP_EVENT_FORMAT | DUMP_EVENT_SYSTEMS;
        pr(m, "\t[Events format, ");
        uint32_t systems = c.u32();
        pr(m, "%d systems]\n", static_cast<int>(systems));
        while (systems--) {
            std::string name = cstr_limited(c, "system name");
            uint32_t events = c.u32();
            pr(DUMP_EVENT_SYSTEMS, "\t\t%s %d [system, events]\n", name.c_str(), static_cast<int>(events));
            while (events--) {
                uint64_t size = c.u64();
                dump_string(DUMP_EVENT_FORMAT, c.bytes(size, "event format"));
            }
        }
    }

    void kallsyms(ByteCursor& c) {
        pr(DUMP_SUMMARY | DUMP_KALLSYMS, "\t[Kallsyms, ");
        uint32_t size = c.u32();
        pr(DUMP_SUMMARY | DUMP_KALLSYMS, "%d bytes]\n", static_cast<int>(size));
        dump_string(DUMP_KALLSYMS, c.bytes(size, "kallsyms"));
    }

    void printk(ByteCursor& c) {
        pr(DUMP_SUMMARY | DUMP_TRACE_PRINTK, "\t[Trace printk, ");
        uint32_t size = c.u32();
        pr(DUMP_SUMMARY | DUMP_TRACE_PRINTK, "%d bytes]\n", static_cast<int>(size));
        dump_string(DUMP_TRACE_PRINTK, c.bytes(size, "printk formats"));
    }

    void cmdlines(ByteCursor& c) {
        pr(DUMP_SUMMARY | DUMP_CMDLINES, "\t[Saved command lines, ");
        uint64_t size = c.u64();
        pr(DUMP_SUMMARY | DUMP_CMDLINES, "%lld bytes]\n", static_cast<long long>(size));
        dump_string(DUMP_CMDLINES, c.bytes(size, "saved command lines"));
    }

    // ------------------------------------------------------------ options

    // One option list, read as trace-cmd reads it. Returns the number of
    // options; for v7 it follows DONE into the next OPTIONS section.
    int options(ByteCursor& c) {
        int count = 0;
        const bool v7 = f_.version() >= 7;
        for (;;) {
            uint16_t id = c.u16();
            if (id == OPT_DONE && !v7) break;
            uint32_t size = c.u32();
            ++count;
            const int isize = static_cast<int>(size);
            switch (id) {
            case OPT_DATE: option_string(c, size, "DATE"); break;
            case OPT_CPUSTAT: option_string(c, size, "CPUSTAT"); break;
            case OPT_BUFFER:
            case OPT_BUFFER_TEXT: option_buffer(c, id, size); break;
            case OPT_TRACECLOCK:
                pr(DUMP_OPTIONS, "\t\t[Option TRACECLOCK, %d bytes]\n", isize);
                dump_string(DUMP_OPTIONS | DUMP_CLOCK, c.bytes(size, "TRACECLOCK option"));
                has_clock_ = true;
                break;
            case OPT_UNAME: option_string(c, size, "UNAME"); break;
            case OPT_HOOK: option_string(c, size, "HOOK"); break;
            case OPT_OFFSET: option_string(c, size, "OFFSET"); break;
            case OPT_CPUCOUNT: option_int(c, size, "CPUCOUNT"); break;
            case OPT_VERSION: option_string(c, size, "VERSION"); break;
            case OPT_PROCMAPS: option_string(c, size, "PROCMAPS"); break;
            case OPT_TRACEID: option_xlong(c, size, "TRACEID"); break;
            case OPT_TIME_SHIFT: option_timeshift(c, size); break;
            case OPT_GUEST: option_guest(c, size); break;
            case OPT_TSC2NSEC: option_tsc2nsec(c, size); break;
            case OPT_HEADER_INFO: option_section(c, size, id, "HEADERS", DUMP_HEAD_PAGE | DUMP_HEAD_EVENT); break;
            case OPT_FTRACE_EVENTS: option_section(c, size, id, "FTRACE EVENTS", DUMP_FTRACE_FORMAT); break;
            case OPT_EVENT_FORMATS:
                option_section(c, size, id, "EVENT FORMATS", DUMP_EVENT_SYSTEMS | DUMP_EVENT_FORMAT);
                break;
            case OPT_KALLSYMS: option_section(c, size, id, "KALLSYMS", DUMP_KALLSYMS); break;
            case OPT_PRINTK: option_section(c, size, id, "PRINTK", DUMP_TRACE_PRINTK); break;
            case OPT_CMDLINES: option_section(c, size, id, "CMDLINES", DUMP_CMDLINES); break;
            case OPT_DONE: {
                pr(DUMP_OPTIONS, "\t\t[Option DONE, %d bytes]\n", isize);
                uint64_t next = c.u64();
                pr(DUMP_OPTIONS, "%lld\n", static_cast<long long>(next));
                if (!next) return count;
                if (++chain_ > 4096) c.fail(c.offset(), "options sections form a loop");
                pr(DUMP_OPTIONS, "\n\n");
                ByteCursor n = file_cursor();
                n.seek(next, "next options section");
                options_section_header(n);
                return count + options(n);
            }
            default:
                pr(DUMP_OPTIONS, " %d %d\t[Unknown option, size - skipping]\n", id, isize);
                c.skip(size, "unknown option");
                break;
            }
        }
        return count;
    }
    int chain_ = 0;

    void option_string(ByteCursor& c, uint32_t size, const char* name) {
        pr(DUMP_OPTIONS, "\t\t[Option %s, %d bytes]\n", name, static_cast<int>(size));
        if (size) dump_string(DUMP_OPTIONS, c.bytes(size, "option payload"));
    }

    // read_file_number() knows 1, 2, 4 and 8 bytes; other sizes are an error there.
    uint64_t number(ByteCursor& c, uint32_t size, const char* what) {
        switch (size) {
        case 1: return c.u8();
        case 2: return c.u16();
        case 4: return c.u32();
        case 8: return c.u64();
        default: c.fail(c.offset(), std::string("cannot read ") + std::to_string(size) + " bytes of " + what);
        }
    }

    void option_int(ByteCursor& c, uint32_t size, const char* name) {
        pr(DUMP_OPTIONS, "\t\t[Option %s, %d bytes]\n", name, static_cast<int>(size));
        uint64_t v = number(c, size, name);
        pr(DUMP_OPTIONS, "%d\n", static_cast<int>(static_cast<uint32_t>(v)));
    }

    void option_xlong(ByteCursor& c, uint32_t size, const char* name) {
        pr(DUMP_OPTIONS, "\t\t[Option %s, %d bytes]\n", name, static_cast<int>(size));
        uint64_t v = number(c, size, name);
        pr(DUMP_OPTIONS, "0x%llX\n", static_cast<unsigned long long>(v));
    }

    void option_section(ByteCursor& c, uint32_t size, uint16_t id, const char* name, uint32_t m) {
        uint64_t off = c.u64();
        pr(DUMP_OPTIONS, "\t\t[Option %s, %d bytes] @ %lld\n", name, static_cast<int>(size), static_cast<long long>(off));
        pending_.insert(pending_.begin(), PendingSection{id, m, off});
    }

    void option_tsc2nsec(ByteCursor& c, uint32_t size) {
        pr(DUMP_OPTIONS, "\n\t\t[Option TSC2NSEC, %d bytes]\n", static_cast<int>(size));
        int32_t mult = c.s32();
        int32_t shift = c.s32();
        uint64_t off = c.u64();
        pr(DUMP_OPTIONS, "%d %d %llu [multiplier, shift, offset]\n", mult, shift, static_cast<unsigned long long>(off));
    }

    void option_guest(ByteCursor& c, uint32_t size) {
        pr(DUMP_OPTIONS, "\t\t[Option GUEST, %d bytes]\n", static_cast<int>(size));
        std::string name = cstr_limited(c, "guest name");
        pr(DUMP_OPTIONS, "%s [Guest name]\n", name.c_str());
        uint64_t id = c.u64();
        pr(DUMP_OPTIONS, "0x%llX [trace id]\n", static_cast<unsigned long long>(id));
        int32_t cpus = c.s32();
        pr(DUMP_OPTIONS, "%d [Guest CPUs]\n", cpus);
        for (int32_t i = 0; i < cpus; ++i) {
            int32_t cpu = c.s32();
            int32_t pid = c.s32();
            pr(DUMP_OPTIONS, "  %d %d [guest cpu, host pid]\n", cpu, pid);
        }
    }

    void option_timeshift(ByteCursor& c, uint32_t size) {
        int64_t left = size;
        if (size < 12) {
            pr(DUMP_OPTIONS, "Broken time shift option, size %d", static_cast<int>(size));
            return;
        }
        uint64_t start = c.pos();
        pr(DUMP_OPTIONS, "\t\t[Option TimeShift, %d bytes]\n", static_cast<int>(size));
        uint64_t peer = c.u64();
        pr(DUMP_OPTIONS, "0x%llX [peer's trace id]\n", static_cast<unsigned long long>(peer));
        uint32_t flags = c.u32();
        pr(DUMP_OPTIONS, "0x%X [peer's protocol flags]\n", flags);
        uint32_t cpus = c.u32();
        pr(DUMP_OPTIONS, "0x%X [peer's CPU count]\n", cpus);
        left -= 16;
        if (cpus > c.remaining() / 4) c.fail(c.offset(), "time shift CPU count " + std::to_string(cpus) + " is impossible");
        struct Cpu {
            std::vector<int64_t> offsets, scalings;
            std::vector<uint64_t> times, fractions;
        };
        std::vector<Cpu> per(cpus);
        for (uint32_t j = 0; j < cpus; ++j) {
            int32_t count = c.s32();
            left -= 4;
            pr(DUMP_OPTIONS, "%d [samples count for CPU %u]\n", count, j);
            if (count < 0 || static_cast<uint64_t>(count) > c.remaining() / 24)
                c.fail(c.offset(), "time shift sample count " + std::to_string(count) + " is impossible");
            Cpu& p = per[j];
            for (int32_t i = 0; i < count; ++i) p.times.push_back(c.u64());
            for (int32_t i = 0; i < count; ++i) p.offsets.push_back(static_cast<int64_t>(c.u64()));
            for (int32_t i = 0; i < count; ++i) p.scalings.push_back(static_cast<int64_t>(c.u64()));
            left -= 24ll * count;
        }
        for (uint32_t j = 0; j < cpus; ++j) {
            Cpu& p = per[j];
            for (size_t i = 0; i < p.times.size(); ++i) {
                p.fractions.push_back(left >= 8 ? c.u64() : 0);
                left -= 8;
            }
        }
        for (const Cpu& p : per)
            for (size_t i = 0; i < p.times.size(); ++i)
                pr(DUMP_OPTIONS, "\t%lld %lld %llu %llu[offset * scaling >> fraction @ time]\n",
                   static_cast<long long>(p.offsets[i]), static_cast<long long>(p.scalings[i]),
                   static_cast<unsigned long long>(p.fractions[i]), static_cast<unsigned long long>(p.times[i]));
        uint64_t used = c.pos() - start;
        if (used < size) c.skip(size - used, "time shift option");
    }

    void option_buffer(ByteCursor& c, uint16_t id, uint32_t size) {
        if (size < 8) c.fail(c.offset(), "broken buffer option with size " + std::to_string(size));
        const uint32_t m = DUMP_OPTIONS | DUMP_FLYRECORD;
        uint64_t offset = c.u64();
        std::string name = cstr_limited(c, "buffer name");
        if (f_.version() < 7) {
            pr(m, "\t\t[Option BUFFER, %d bytes]\n", static_cast<int>(size));
            pr(m, "%lld [offset]\n", static_cast<long long>(offset));
            pr(m, "\"%s\" [name]\n", name.c_str());
            return;
        }
        ByteCursor s = file_cursor();
        s.seek(offset, "buffer section");
        section_header(s, DUMP_FLYRECORD);
        pr(m, "\t\t[Option BUFFER, %d bytes]\n", static_cast<int>(size));
        pr(m, "%lld [offset]\n", static_cast<long long>(offset));
        pr(m, "\"%s\" [name]\n", name.c_str());
        std::string clock = cstr_limited(c, "buffer clock");
        pr(m, "\"%s\" [clock]\n", clock.c_str());
        int32_t page_size = 0, cpus = 0;
        unsigned long long total = 0;
        if (id == OPT_BUFFER) {
            page_size = c.s32();
            pr(m, "%d [Page size, bytes]\n", page_size);
            cpus = c.s32();
            pr(m, "%d [CPUs]:\n", cpus);
            for (int32_t i = 0; i < cpus; ++i) {
                int32_t cpu = c.s32();
                uint64_t off = c.u64();
                uint64_t sz = c.u64();
                total += sz;
                pr(m, "   %d %lld\t%lld\t[id, data offset and size]\n", cpu, static_cast<long long>(off),
                   static_cast<long long>(sz));
            }
        }
        pr(DUMP_SUMMARY, "\t[buffer \"%s\", \"%s\" clock, %d page size, %d cpus, %lld bytes flyrecord data]\n",
           name.c_str(), clock.c_str(), page_size, cpus, static_cast<long long>(total));
    }

    // ------------------------------------------------------------ v7 sections

    struct RawSection {
        uint16_t id, flags;
        int32_t desc;
        uint64_t offset, size;
    };

    RawSection read_header(ByteCursor& c) {
        RawSection s;
        s.offset = c.offset();
        s.id = c.u16();
        s.flags = c.u16();
        s.desc = c.s32();
        s.size = c.u64();
        return s;
    }

    std::string desc(int32_t d) const { return std::string(f_.string_at(d)); }

    RawSection section_header(ByteCursor& c, uint32_t m) {
        RawSection s = read_header(c);
        pr(m, "\t[Section %d @ %lld: \"%s\", flags 0x%X, %lld bytes]\n", s.id, static_cast<long long>(s.offset),
           desc(s.desc).c_str(), s.flags, static_cast<long long>(s.size));
        return s;
    }

    void options_section_header(ByteCursor& c) { section_header(c, DUMP_OPTIONS); }

    void strings() {
        pr(DUMP_STRINGS, "\t[String @ offset]\n");
        std::string_view all = f_.strings();
        size_t pos = 0;
        while (pos < all.size()) {
            size_t end = all.find('\0', pos);
            if (end == std::string_view::npos) end = all.size();
            std::string s(all.substr(pos, end - pos));
            pr(DUMP_STRINGS, "\t\t\"%s\" @ %d\n", s.c_str(), static_cast<int>(pos));
            pos = end + 1;
        }
    }

    // Every section header from the first one to the end of the file.
    int sections_list(uint64_t first) {
        int count = 0;
        uint64_t pos = first;
        const uint64_t fsize = f_.file().size();
        while (pos + 16 <= fsize) {
            ByteCursor c = file_cursor();
            c.seek(pos);
            RawSection s = read_header(c);
            if (s.size > c.remaining()) break;
            ++count;
            std::string d = desc(s.desc);
            if (s.flags & 1) {
                if (s.id == OPT_BUFFER || s.id == OPT_BUFFER_TEXT) {
                    pr(DUMP_SECTIONS, "\t[Section %2d @ %-16lld\t\"%s\", flags 0x%X, %lld compressed bytes]\n", s.id,
                       static_cast<long long>(pos), d.c_str(), s.flags, static_cast<long long>(s.size));
                } else {
                    uint32_t cs = s.size >= 8 ? c.u32() : 0;
                    uint32_t us = s.size >= 8 ? c.u32() : 0;
                    pr(DUMP_SECTIONS, "\t[Section %2d @ %-16lld\t\"%s\", flags 0x%X, %d compressed, %d uncompressed]\n",
                       s.id, static_cast<long long>(pos), d.c_str(), s.flags, static_cast<int>(cs), static_cast<int>(us));
                }
            } else {
                pr(DUMP_SECTIONS, "\t[Section %2d @ %-16lld\t\"%s\", flags 0x%X, %lld bytes]\n", s.id,
                   static_cast<long long>(pos), d.c_str(), s.flags, static_cast<long long>(s.size));
            }
            pos += 16 + s.size;
        }
        return count;
    }

    const Section* parsed_section(uint64_t offset, uint16_t id) const {
        for (const Section& s : f_.sections())
            if (s.offset == offset && s.id == id) return &s;
        return nullptr;
    }

    void v7(ByteCursor& c) {
        uint64_t opt_offset = c.u64();
        uint64_t first = c.offset();
        if (f_.version() >= 7) strings();
        int nsections = sections_list(first);

        ByteCursor o = file_cursor();
        o.seek(opt_offset, "options section");
        options_section_header(o);
        int count = options(o);
        pr(DUMP_OPTIONS | DUMP_SUMMARY, "\t[%d options]\n", count);

        for (const PendingSection& p : pending_) {
            ByteCursor h = file_cursor();
            h.seek(p.offset, "section");
            section_header(h, p.mask);
            const Section* s = parsed_section(p.offset, p.id);
            if (!s) throw FormatError(f_.name(), p.offset, "section " + std::to_string(p.id) + " was not parsed");
            ByteCursor b(s->body, f_.order(), f_.name(), s->offset + 16);
            switch (p.id) {
            case OPT_HEADER_INFO:
                header_page(b);
                header_event(b);
                break;
            case OPT_FTRACE_EVENTS: ftrace_events(b); break;
            case OPT_EVENT_FORMATS: events_format(b); break;
            case OPT_KALLSYMS: kallsyms(b); break;
            case OPT_PRINTK: printk(b); break;
            case OPT_CMDLINES: cmdlines(b); break;
            default: break;
            }
        }
        pr(DUMP_SUMMARY | DUMP_SECTIONS, "\t[%d sections]\n", nsections);
    }

    // ------------------------------------------------------------ v6

    void v6(ByteCursor& c) {
        header_page(c);
        header_event(c);
        ftrace_events(c);
        events_format(c);
        kallsyms(c);
        printk(c);
        cmdlines(c);
        uint32_t cpus = c.u32();
        pr(DUMP_SUMMARY, "\t%d [CPUs with tracing data]\n", static_cast<int>(cpus));
        for (;;) {
            if (c.remaining() < 10) c.fail(c.offset(), "cannot read the rest of the header");
            std::string_view tag = c.bytes(10, "tag");
            if (tag == std::string_view("options  \0", 10)) {
                int count = options(c);
                pr(DUMP_OPTIONS | DUMP_SUMMARY, "\t[%d options]\n", count);
            } else if (tag == std::string_view("latency  \0", 10)) {
                pr(DUMP_SUMMARY, "\t[Latency tracing data]\n");
                return;
            } else if (tag == std::string_view("flyrecord\0", 10)) {
                pr(DUMP_SUMMARY | DUMP_FLYRECORD, "\t[Flyrecord tracing data]\n");
                for (uint32_t i = 0; i < cpus; ++i) {
                    long long off = static_cast<long long>(c.u64());
                    long long size = static_cast<long long>(c.u64());
                    pr(DUMP_FLYRECORD, "\t %10.lld %10.lld\t[offset, size of cpu %d]\n", off, size, static_cast<int>(i));
                }
            } else {
                c.seek(c.pos() - 10);
                break;
            }
        }
        pr(DUMP_SUMMARY | DUMP_CLOCK, "\t[Tracing clock]\n");
        if (!has_clock_) {
            pr(DUMP_SUMMARY | DUMP_CLOCK, "\t\t No tracing clock saved in the file\n");
            return;
        }
        uint64_t size = c.u64();
        std::string clock(c.bytes(size, "trace clock"));
        pr(DUMP_SUMMARY | DUMP_CLOCK, "\t\t%s\n", clock.c_str());
    }
};

// ---------------------------------------------------------------- JSON

void json_str(std::string& o, std::string_view s) { tk::append_json_string(o, s); }

// Where the first v7 section starts: right after the file header.
uint64_t v7_first_section(const TraceDatFile& f) {
    ByteCursor c(f.file().data(), f.file().size(), f.order(), f.name());
    c.skip(10, "magic");
    c.cstr("version");
    c.skip(6, "endian, long size, page size");
    c.cstr("compression name");
    c.cstr("compression version");
    c.skip(8, "options offset");
    return c.offset();
}

std::string_view trim_nul(std::string_view s) {
    size_t n = s.find('\0');
    return n == std::string_view::npos ? s : s.substr(0, n);
}

// The decoded payload of one option, as a JSON value.
void json_option_value(std::string& o, const TraceDatFile& f, const Option& opt) {
    ByteCursor p(opt.payload, f.order(), f.name(), opt.offset + 6);
    auto u64s = [&](uint64_t v) { o += std::to_string(v); };
    try {
        switch (opt.id) {
        case OPT_DONE:
            if (opt.size >= 8) {
                o += "{\"next_options\":";
                u64s(p.u64());
                o += '}';
            } else {
                o += "null";
            }
            return;
        case OPT_DATE: case OPT_CPUSTAT: case OPT_TRACECLOCK: case OPT_UNAME: case OPT_HOOK: case OPT_OFFSET:
        case OPT_VERSION: case OPT_PROCMAPS:
            json_str(o, trim_nul(opt.payload));
            return;
        case OPT_CPUCOUNT:
            if (opt.size == 4) { o += std::to_string(p.u32()); return; }
            break;
        case OPT_TRACEID:
            if (opt.size == 8) {
                char b[32];
                std::snprintf(b, sizeof b, "\"0x%016llX\"", static_cast<unsigned long long>(p.u64()));
                o += b;
                return;
            }
            break;
        case OPT_TSC2NSEC:
            if (opt.size >= 16) {
                uint32_t mult = p.u32(), shift = p.u32();
                int64_t off = static_cast<int64_t>(p.u64());
                o += "{\"multiplier\":" + std::to_string(mult) + ",\"shift\":" + std::to_string(shift) +
                     ",\"offset\":" + std::to_string(off) + '}';
                return;
            }
            break;
        case OPT_GUEST: {
            std::string_view name = p.cstr("guest name");
            uint64_t id = p.u64();
            uint32_t n = p.u32();
            o += "{\"name\":";
            json_str(o, name);
            o += ",\"trace_id\":" + std::to_string(id) + ",\"vcpus\":[";
            for (uint32_t i = 0; i < n; ++i) {
                uint32_t cpu = p.u32(), pid = p.u32();
                if (i) o += ',';
                o += "{\"cpu\":" + std::to_string(cpu) + ",\"host_pid\":" + std::to_string(pid) + '}';
            }
            o += "]}";
            return;
        }
        case OPT_TIME_SHIFT: {
            uint64_t peer = p.u64();
            uint32_t flags = p.u32(), cpus = p.u32();
            o += "{\"peer_trace_id\":" + std::to_string(peer) + ",\"flags\":" + std::to_string(flags) +
                 ",\"cpus\":" + std::to_string(cpus) + '}';
            return;
        }
        case OPT_BUFFER: case OPT_BUFFER_TEXT: {
            uint64_t off = p.u64();
            std::string_view name = p.cstr("buffer name");
            o += "{\"offset\":" + std::to_string(off) + ",\"name\":";
            json_str(o, name);
            if (f.version() >= 7) {
                o += ",\"clock\":";
                json_str(o, p.cstr("buffer clock"));
                if (opt.id == OPT_BUFFER) {
                    uint32_t ps = p.u32(), n = p.u32();
                    o += ",\"page_size\":" + std::to_string(ps) + ",\"cpus\":[";
                    for (uint32_t i = 0; i < n; ++i) {
                        uint32_t cpu = p.u32();
                        uint64_t co = p.u64(), cs = p.u64();
                        if (i) o += ',';
                        o += "{\"cpu\":" + std::to_string(cpu) + ",\"offset\":" + std::to_string(co) +
                             ",\"size\":" + std::to_string(cs) + '}';
                    }
                    o += ']';
                }
            }
            o += '}';
            return;
        }
        case OPT_HEADER_INFO: case OPT_FTRACE_EVENTS: case OPT_EVENT_FORMATS: case OPT_KALLSYMS: case OPT_PRINTK:
        case OPT_CMDLINES:
            if (opt.size >= 8) {
                o += "{\"section_offset\":";
                u64s(p.u64());
                o += '}';
                return;
            }
            break;
        default: break;
        }
    } catch (const FormatError&) {
        // fall through to the raw form
    }
    o += "{\"raw_hex\":\"";
    static const char* hx = "0123456789abcdef";
    for (unsigned char ch : opt.payload) {
        o += hx[ch >> 4];
        o += hx[ch & 15];
    }
    o += "\"}";
}

}  // namespace

void dump_text(const TraceDatFile& file, uint32_t items, std::string_view display_name, Output& out) {
    try {
        Dumper d(file, items, out);
        d.run(display_name);
    } catch (...) {
        out.flush();
        throw;
    }
}

std::string dump_json(const TraceDatFile& f) {
    std::string o;
    o += "{\n  \"file\": ";
    json_str(o, f.name());
    o += ",\n  \"version\": " + std::to_string(f.version());
    o += ",\n  \"endianness\": ";
    o += f.order() == ByteOrder::big ? "\"big\"" : "\"little\"";
    o += ",\n  \"long_size\": " + std::to_string(f.user_long_size());
    o += ",\n  \"kernel_long_size\": " + std::to_string(f.kernel_long_size());
    o += ",\n  \"page_size\": " + std::to_string(f.page_size());
    o += ",\n  \"compression\": ";
    if (f.version() >= 7) {
        o += "{\"name\": ";
        json_str(o, f.compression());
        o += ", \"version\": ";
        json_str(o, f.compression_version());
        o += '}';
    } else {
        o += "null";
    }
    o += ",\n  \"cpus\": " + std::to_string(f.cpus());
    o += ",\n  \"clock\": ";
    json_str(o, f.buffers().empty() ? std::string() : f.clock_for(f.buffers().front()));

    o += ",\n  \"header_page_bytes\": " + std::to_string(f.header_page().size());
    o += ",\n  \"header_event_bytes\": " + std::to_string(f.header_event().size());
    o += ",\n  \"ftrace_formats\": " + std::to_string(f.ftrace_formats().size());
    o += ",\n  \"kallsyms_bytes\": " + std::to_string(f.kallsyms().size());
    o += ",\n  \"printk_bytes\": " + std::to_string(f.printk().size());
    o += ",\n  \"cmdlines_bytes\": " + std::to_string(f.cmdlines().size());

    o += ",\n  \"options\": [";
    bool first = true;
    for (const Option& opt : f.options()) {
        o += first ? "\n    " : ",\n    ";
        first = false;
        const char* name = option_name(opt.id);
        o += "{\"id\": " + std::to_string(opt.id) + ", \"name\": ";
        if (name) json_str(o, name);
        else o += "null";
        o += ", \"size\": " + std::to_string(opt.size) + ", \"offset\": " + std::to_string(opt.offset);
        if (opt.section >= 0) o += ", \"section_offset\": " + std::to_string(f.sections()[opt.section].offset);
        o += ", \"value\": ";
        json_option_value(o, f, opt);
        o += '}';
    }
    o += first ? "]" : "\n  ]";

    o += ",\n  \"sections\": [";
    first = true;
    if (f.version() >= 7) {
        // Every section header in file order, as trace-cmd dump --sections lists them.
        uint64_t pos = v7_first_section(f);
        const uint64_t fsize = f.file().size();
        while (pos + 16 <= fsize) {
            ByteCursor c(f.file().data(), fsize, f.order(), f.name());
            c.seek(pos);
            uint16_t id = c.u16(), flags = c.u16();
            int32_t d = c.s32();
            uint64_t size = c.u64();
            if (size > c.remaining()) break;
            o += first ? "\n    " : ",\n    ";
            first = false;
            o += "{\"id\": " + std::to_string(id) + ", \"description\": ";
            json_str(o, f.string_at(d));
            o += ", \"offset\": " + std::to_string(pos) + ", \"flags\": " + std::to_string(flags) +
                 ", \"compressed\": " + ((flags & 1) ? "true" : "false") + ", \"size\": " + std::to_string(size);
            bool metadata = id != OPT_DONE && id != OPT_BUFFER && id != OPT_BUFFER_TEXT;
            if ((flags & 1) && metadata && size >= 8) {
                uint32_t cs = c.u32(), us = c.u32();
                o += ", \"compressed_size\": " + std::to_string(cs) + ", \"uncompressed_size\": " + std::to_string(us);
            }
            o += '}';
            pos += 16 + size;
        }
    }
    o += first ? "]" : "\n  ]";

    o += ",\n  \"buffers\": [";
    first = true;
    for (const Buffer& b : f.buffers()) {
        o += first ? "\n    " : ",\n    ";
        first = false;
        o += "{\"name\": ";
        json_str(o, b.name);
        o += ", \"clock\": ";
        json_str(o, f.clock_for(b));
        o += ", \"page_size\": " + std::to_string(b.page_size);
        o += ", \"kind\": ";
        o += b.latency ? "\"latency\"" : "\"flyrecord\"";
        o += ", \"compressed\": ";
        o += b.compressed ? "true" : "false";
        if (b.section >= 0) o += ", \"section_offset\": " + std::to_string(f.sections()[b.section].offset);
        else if (b.option_offset) o += ", \"offset\": " + std::to_string(b.option_offset);
        if (b.latency) o += ", \"latency_text_bytes\": " + std::to_string(b.latency_text.size());
        uint64_t total = 0;
        o += ", \"cpus\": [";
        for (size_t i = 0; i < b.cpus.size(); ++i) {
            const CpuRange& r = b.cpus[i];
            total += r.size;
            if (i) o += ", ";
            o += "{\"cpu\": " + std::to_string(r.cpu) + ", \"offset\": " + std::to_string(r.offset) +
                 ", \"size\": " + std::to_string(r.size) + '}';
        }
        o += "], \"data_bytes\": " + std::to_string(total) + '}';
    }
    o += first ? "]" : "\n  ]";

    o += ",\n  \"event_systems\": [";
    first = true;
    size_t total_events = 0;
    for (const auto& s : f.systems()) {
        o += first ? "\n    " : ",\n    ";
        first = false;
        o += "{\"name\": ";
        json_str(o, s.name);
        o += ", \"events\": " + std::to_string(s.formats.size()) + '}';
        total_events += s.formats.size();
    }
    o += first ? "]" : "\n  ]";
    o += ",\n  \"event_count\": " + std::to_string(total_events);
    o += "\n}\n";
    return o;
}

}  // namespace tk::tracedat
