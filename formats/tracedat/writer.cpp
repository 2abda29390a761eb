// SPDX-License-Identifier: MIT
#include "writer.hpp"

#include <cstring>
#include <memory>

#include <unordered_set>

#include "format_synth.hpp"
#include "option_ids.hpp"
#include "page_encoder.hpp"
#include "payload_swap.hpp"
#include "reader.hpp"
#include "render/tep_session.hpp"
#include "tracekit/atomic_file.hpp"
#include "tracekit/error.hpp"

namespace tk::tracedat {

namespace {

// Integers in the output's byte order, appended to a string.
class Enc {
public:
    explicit Enc(ByteOrder o) : o_(o) {}
    template <typename T>
    Enc& put(T v) {
        v = byteswap_if(v, o_ != host_order);
        s_.append(reinterpret_cast<const char*>(&v), sizeof v);
        return *this;
    }
    Enc& raw(std::string_view v) { s_.append(v); return *this; }
    Enc& cstr(std::string_view v) { s_.append(v); s_.push_back('\0'); return *this; }
    std::string& str() { return s_; }

private:
    ByteOrder o_;
    std::string s_;
};

template <typename T>
std::string encoded(T v, ByteOrder o) {
    Enc e(o);
    e.put(v);
    return e.str();
}

// ---- metadata blocks: the same bytes in a v6 file and in a v7 section body

std::string header_info_block(const TraceInfo& in, ByteOrder o) {
    Enc e(o);
    e.cstr("header_page").put<uint64_t>(in.header_page.size()).raw(in.header_page);
    e.cstr("header_event").put<uint64_t>(in.header_event.size()).raw(in.header_event);
    return e.str();
}

std::string ftrace_block(const TraceInfo& in, ByteOrder o) {
    Enc e(o);
    e.put<uint32_t>(static_cast<uint32_t>(in.ftrace_formats.size()));
    for (const std::string& f : in.ftrace_formats) e.put<uint64_t>(f.size()).raw(f);
    return e.str();
}

std::string events_block(const TraceInfo& in, ByteOrder o) {
    Enc e(o);
    e.put<uint32_t>(static_cast<uint32_t>(in.event_formats.size()));
    for (const auto& [system, formats] : in.event_formats) {
        e.cstr(system).put<uint32_t>(static_cast<uint32_t>(formats.size()));
        for (const std::string& f : formats) e.put<uint64_t>(f.size()).raw(f);
    }
    return e.str();
}

std::string kallsyms_block(const TraceInfo& in, ByteOrder o) {
    Enc e(o);
    e.put<uint32_t>(static_cast<uint32_t>(in.kallsyms.size())).raw(in.kallsyms);
    return e.str();
}

std::string printk_block(const TraceInfo& in, ByteOrder o) {
    Enc e(o);
    e.put<uint32_t>(static_cast<uint32_t>(in.printk_formats.size())).raw(in.printk_formats);
    return e.str();
}

std::string cmdlines_block(const TraceInfo& in, ByteOrder o) {
    Enc e(o);
    e.put<uint64_t>(in.cmdlines.size()).raw(in.cmdlines);
    return e.str();
}

// ---- options kept from the source, with binary payloads re-encoded

struct KeptOption {
    uint16_t id;
    std::string payload;
};

void swap_at(std::string& p, size_t at, size_t n) {
    if (at + n <= p.size()) std::reverse(p.begin() + static_cast<long>(at), p.begin() + static_cast<long>(at + n));
}

// Binary option payloads follow the file's byte order; text ones do not.
void reorder_option(KeptOption& o, ByteOrder from) {
    std::string& p = o.payload;
    switch (o.id) {
    case OPT_CPUCOUNT: swap_at(p, 0, 4); break;
    case OPT_TRACEID: swap_at(p, 0, 8); break;
    case OPT_TSC2NSEC: swap_at(p, 0, 4); swap_at(p, 4, 4); swap_at(p, 8, 8); break;
    case OPT_GUEST: {
        size_t at = p.find('\0');
        if (at == std::string::npos) break;
        ++at;
        swap_at(p, at, 8);
        uint32_t n = at + 12 <= p.size() ? load<uint32_t>(reinterpret_cast<const uint8_t*>(p.data()) + at + 8, from) : 0;
        swap_at(p, at + 8, 4);
        for (size_t i = 0, q = at + 12; i < n && q + 8 <= p.size(); ++i, q += 8) {
            swap_at(p, q, 4);
            swap_at(p, q + 4, 4);
        }
        break;
    }
    case OPT_TIME_SHIFT: {
        // u64 peer, u32 flags, u32 ncpu, per CPU: u32 n, n x u64 x3; then per CPU n x u64 fraction.
        auto u32_at = [&](size_t at) { return load<uint32_t>(reinterpret_cast<const uint8_t*>(p.data()) + at, from); };
        if (p.size() < 16) break;
        uint32_t ncpu = u32_at(12);
        swap_at(p, 0, 8);
        swap_at(p, 8, 4);
        swap_at(p, 12, 4);
        size_t q = 16;
        std::vector<uint32_t> counts;
        for (uint32_t c = 0; c < ncpu && q + 4 <= p.size(); ++c) {
            uint32_t n = u32_at(q);
            counts.push_back(n);
            swap_at(p, q, 4);
            q += 4;
            for (uint64_t i = 0; i < 3ull * n && q + 8 <= p.size(); ++i, q += 8) swap_at(p, q, 8);
        }
        for (uint32_t n : counts)
            for (uint32_t i = 0; i < n && q + 8 <= p.size(); ++i, q += 8) swap_at(p, q, 8);
        break;
    }
    default: break;  // text payloads
    }
}

std::vector<KeptOption> kept_options(const TraceInfo& in, ByteOrder out) {
    std::vector<KeptOption> v;
    const std::string prefix = kOptionExtraPrefix;
    for (auto it = in.extras.lower_bound(prefix); it != in.extras.end() && it->first.rfind(prefix, 0) == 0; ++it) {
        size_t colon = it->first.rfind(':');
        KeptOption o{static_cast<uint16_t>(std::stoul(it->first.substr(colon + 1))), it->second};
        if (o.id == OPT_CPUCOUNT) continue;  // rewritten from the data
        if (in.order != out) reorder_option(o, in.order);
        v.push_back(std::move(o));
    }
    return v;
}

std::string clock_of(const TraceInfo& in, const Instance& inst) {
    return inst.clock.empty() ? in.clock.name : inst.clock;
}

// ---- the data: every (instance, CPU) stream re-encoded into pages

struct CpuOut {
    int cpu;
    uint64_t offset = 0, size = 0;
};

class DataWriter {
public:
    DataWriter(AtomicFile& out, const TraceInfo& info, ByteOrder order, const WriteOptions& opts, PayloadSwapper* swapper,
               const std::unordered_set<uint32_t>& prefixed, WriteStats& stats)
        : out_(out), info_(info), order_(order), opts_(opts), swapper_(swapper), prefixed_(prefixed), stats_(stats) {}

    void pad_to_page(uint32_t page) {
        uint64_t at = out_.tell();
        uint64_t aligned = (at + page - 1) / page * page;
        if (aligned > at) out_.write(std::string(aligned - at, '\0'));
    }

    // Writes one CPU's pages at a page-aligned offset; returns where and how much.
    CpuOut write_cpu(EventStream& s, const Instance& inst, int cpu, const std::function<bool(const Event&)>& keep) {
        CpuOut c{cpu};
        pad_to_page(inst.page_size);
        c.offset = out_.tell();
        bool chunked = opts_.version >= 7 && opts_.compression != Codec::none;
        uint64_t count_at = 0;
        uint32_t chunks = 0;
        std::string chunk;
        auto flush_chunk = [&] {
            if (chunk.empty()) return;
            std::string comp;
            if (!compress(opts_.compression, chunk, comp)) throw UsageError(out_.target() + ": compression failed");
            Enc e(order_);
            e.put<uint32_t>(static_cast<uint32_t>(comp.size())).put<uint32_t>(static_cast<uint32_t>(chunk.size()));
            out_.write(e.str());
            out_.write(comp);
            ++chunks;
            chunk.clear();
        };
        if (chunked) {
            count_at = out_.tell();
            out_.write(encoded<uint32_t>(0, order_));
        }
        uint32_t chunk_bytes = opts_.chunk_pages * inst.page_size;
        PageEncoder enc(order_, info_.kernel_long_size, inst.page_size, [&](std::string_view page) {
            ++stats_.pages;
            if (!chunked) {
                out_.write(page);
                return;
            }
            chunk.append(page);
            if (chunk.size() >= chunk_bytes) flush_chunk();
        });
        Event ev;
        std::string buf;
        // A drop recorded on an event that is not kept moves to the next kept
        // one, so selections never hide that events were lost.
        int64_t pending_missed = 0;
        auto merge_missed = [](int64_t a, int64_t b) { return a < 0 || b < 0 ? -1 : a + b; };
        while (s.next(ev)) {
            if (keep && !keep(ev)) {
                if (opts_.carry_drops) pending_missed = merge_missed(pending_missed, ev.missed_before);
                continue;
            }
            int64_t missed = merge_missed(pending_missed, ev.missed_before);
            pending_missed = 0;
            std::span<const uint8_t> payload = ev.payload;
            if (!prefixed_.empty() && prefixed_.count(ev.type_id)) {
                // A foreign event: give it the ftrace common header (source byte order).
                Enc h(info_.order);
                h.put<uint16_t>(static_cast<uint16_t>(ev.type_id)).put<uint8_t>(0).put<uint8_t>(0).put<int32_t>(ev.pid);
                buf = h.str();
                buf.append(reinterpret_cast<const char*>(payload.data()), payload.size());
                payload = std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(buf.data()), buf.size());
            }
            if (swapper_) {
                if (payload.data() != reinterpret_cast<const uint8_t*>(buf.data()))
                    buf.assign(reinterpret_cast<const char*>(payload.data()), payload.size());
                std::span<uint8_t> w(reinterpret_cast<uint8_t*>(buf.data()), buf.size());
                if (!swapper_->swap(w)) ++stats_.swap_failures;
                payload = w;
            }
            if (!enc.add(ev.ts_raw, payload, missed)) {
                ++stats_.dropped_too_big;
                continue;
            }
            ++stats_.events;
        }
        enc.finish();
        if (chunked) {
            flush_chunk();
            out_.patch(count_at, encoded<uint32_t>(chunks, order_));
        }
        c.size = out_.tell() - c.offset;
        return c;
    }

private:
    AtomicFile& out_;
    const TraceInfo& info_;
    ByteOrder order_;
    const WriteOptions& opts_;
    PayloadSwapper* swapper_;
    const std::unordered_set<uint32_t>& prefixed_;
    WriteStats& stats_;
};

std::string option_record(uint16_t id, std::string_view payload, ByteOrder o) {
    Enc e(o);
    e.put<uint16_t>(id).put<uint32_t>(static_cast<uint32_t>(payload.size())).raw(payload);
    return e.str();
}

// ---- v6

void write_v6(AtomicFile& out, const TraceInfo& in, TraceReader& src, ByteOrder o, DataWriter& data,
              const std::function<bool(const Event&)>& keep) {
    Enc h(o);
    h.raw(std::string_view("\x17\x08\x44tracing", 10)).cstr("6");
    h.put<uint8_t>(o == ByteOrder::big ? 1 : 0).put<uint8_t>(in.user_long_size).put<uint32_t>(in.page_size);
    out.write(h.str());
    out.write(header_info_block(in, o));
    out.write(ftrace_block(in, o));
    out.write(events_block(in, o));
    out.write(kallsyms_block(in, o));
    out.write(printk_block(in, o));
    out.write(cmdlines_block(in, o));
    out.write(encoded<uint32_t>(static_cast<uint32_t>(in.cpus), o));

    bool has_clock = false;
    out.write(std::string_view("options  \0", 10));
    for (const KeptOption& k : kept_options(in, o)) {
        has_clock |= k.id == OPT_TRACECLOCK;
        out.write(option_record(k.id, k.payload, o));
    }
    out.write(option_record(OPT_CPUCOUNT, encoded<uint32_t>(static_cast<uint32_t>(in.cpus), o), o));
    // Instances: a BUFFER option each, pointing at its own flyrecord block (patched below).
    std::vector<uint64_t> buffer_patch(in.instances.size(), 0);
    for (size_t i = 1; i < in.instances.size(); ++i) {
        Enc p(o);
        p.put<uint64_t>(0).cstr(in.instances[i].name);
        buffer_patch[i] = out.tell() + 6;
        out.write(option_record(OPT_BUFFER, p.str(), o));
    }
    out.write(encoded<uint16_t>(0, o));

    auto streams = src.open_streams();
    size_t next_stream = 0;
    auto write_buffer = [&](size_t i) {
        const Instance& inst = in.instances[i];
        if (i > 0) {
            data.pad_to_page(inst.page_size);
            out.patch(buffer_patch[i], encoded<uint64_t>(out.tell(), o));
        }
        if (inst.latency) {
            out.write(std::string_view("latency  \0", 10));
            out.write(inst.latency_text);
            return;
        }
        out.write(std::string_view("flyrecord\0", 10));
        uint64_t table = out.tell();
        out.write(std::string(static_cast<size_t>(in.cpus) * 16, '\0'));
        if (has_clock) {
            std::string c = "[" + clock_of(in, inst) + "]";
            out.write(encoded<uint64_t>(c.size(), o));
            out.write(c);
        }
        std::vector<CpuOut> cpus(static_cast<size_t>(in.cpus));
        for (int c = 0; c < in.cpus; ++c) cpus[static_cast<size_t>(c)].cpu = c;
        for (const CpuData& cd : inst.cpus) {
            CpuOut r = data.write_cpu(*streams[next_stream++], inst, cd.cpu, keep);
            if (cd.cpu >= 0 && cd.cpu < in.cpus) cpus[static_cast<size_t>(cd.cpu)] = r;
        }
        for (const CpuOut& c : cpus) {
            if (c.size == 0) continue;
            Enc t(o);
            t.put<uint64_t>(c.offset).put<uint64_t>(c.size);
            out.patch(table + static_cast<uint64_t>(c.cpu) * 16, t.str());
        }
    };
    for (size_t i = 0; i < in.instances.size(); ++i) write_buffer(i);
}

// ---- v7

class SectionWriter {
public:
    SectionWriter(AtomicFile& out, ByteOrder o, Codec codec) : out_(out), o_(o), codec_(codec) {}

    int32_t add_string(const std::string& s) {
        int32_t at = static_cast<int32_t>(strings_.size());
        strings_ += s;
        strings_.push_back('\0');
        return at;
    }

    // A whole section whose body is known now; compressed as one block when asked.
    uint64_t write(uint16_t id, const std::string& desc, const std::string& body, bool compressible) {
        uint64_t at = out_.tell();
        write_with_desc(id, add_string(desc), body, compressible);
        return at;
    }

    // A section written piece by piece: the header now, its size patched by end().
    uint64_t begin(uint16_t id, const std::string& desc, bool compressed) {
        uint64_t at = out_.tell();
        Enc h(o_);
        h.put<uint16_t>(id).put<uint16_t>(compressed ? 1 : 0).put<int32_t>(add_string(desc)).put<uint64_t>(0);
        out_.write(h.str());
        return at;
    }
    void end(uint64_t at) { out_.patch(at + 8, encoded<uint64_t>(out_.tell() - at - 16, o_)); }

    // STRINGS goes last and describes itself with its own last entry.
    void write_strings() {
        int32_t desc = add_string("strings");
        write_with_desc(OPT_STRINGS, desc, strings_, true);
    }

private:
    void write_with_desc(uint16_t id, int32_t desc, const std::string& body, bool compressible) {
        bool comp = compressible && codec_ != Codec::none;
        std::string payload;
        if (comp) {
            std::string c;
            if (!compress(codec_, body, c)) throw UsageError(out_.target() + ": compression failed");
            Enc e(o_);
            e.put<uint32_t>(static_cast<uint32_t>(c.size())).put<uint32_t>(static_cast<uint32_t>(body.size()));
            payload = e.str() + c;
        } else {
            payload = body;
        }
        Enc h(o_);
        h.put<uint16_t>(id).put<uint16_t>(comp ? 1 : 0).put<int32_t>(desc).put<uint64_t>(payload.size());
        out_.write(h.str());
        out_.write(payload);
    }

    AtomicFile& out_;
    ByteOrder o_;
    Codec codec_;
    std::string strings_;
};

void write_v7(AtomicFile& out, const TraceInfo& in, TraceReader& src, const WriteOptions& opts, ByteOrder o,
              DataWriter& data, const std::function<bool(const Event&)>& keep) {
    Enc h(o);
    h.raw(std::string_view("\x17\x08\x44tracing", 10)).cstr("7");
    h.put<uint8_t>(o == ByteOrder::big ? 1 : 0).put<uint8_t>(in.user_long_size).put<uint32_t>(in.page_size);
    h.cstr(codec_name(opts.compression)).cstr(codec_version(opts.compression));
    out.write(h.str());
    uint64_t first_options_ptr = out.tell();
    out.write(encoded<uint64_t>(0, o));

    SectionWriter sw(out, o, opts.compression);
    uint64_t s_headers = sw.write(OPT_HEADER_INFO, "headers", header_info_block(in, o), true);
    uint64_t s_ftrace = sw.write(OPT_FTRACE_EVENTS, "ftrace events", ftrace_block(in, o), true);
    uint64_t s_events = sw.write(OPT_EVENT_FORMATS, "events format", events_block(in, o), true);
    uint64_t s_kallsyms = sw.write(OPT_KALLSYMS, "kallsyms", kallsyms_block(in, o), true);
    uint64_t s_printk = sw.write(OPT_PRINTK, "printk", printk_block(in, o), true);
    uint64_t s_cmdlines = sw.write(OPT_CMDLINES, "command lines", cmdlines_block(in, o), true);

    // The first OPTIONS section: where the metadata is, and the kept options.
    out.patch(first_options_ptr, encoded<uint64_t>(out.tell(), o));
    uint64_t opts_at = sw.begin(OPT_DONE, "options", false);
    for (auto [id, at] : {std::pair{OPT_HEADER_INFO, s_headers}, {OPT_FTRACE_EVENTS, s_ftrace},
                          {OPT_EVENT_FORMATS, s_events}, {OPT_KALLSYMS, s_kallsyms}, {OPT_PRINTK, s_printk}})
        out.write(option_record(id, encoded<uint64_t>(at, o), o));
    for (const KeptOption& k : kept_options(in, o)) out.write(option_record(k.id, k.payload, o));
    out.write(option_record(OPT_CMDLINES, encoded<uint64_t>(s_cmdlines, o), o));
    out.write(option_record(OPT_CPUCOUNT, encoded<uint32_t>(static_cast<uint32_t>(in.cpus), o), o));
    uint64_t done_ptr = out.tell() + 6;
    out.write(option_record(OPT_DONE, encoded<uint64_t>(0, o), o));
    sw.end(opts_at);

    auto streams = src.open_streams();
    size_t next_stream = 0;
    bool compressed = opts.compression != Codec::none;
    for (const Instance& inst : in.instances) {
        uint64_t sec = 0;
        Enc buf(o);
        if (inst.latency) {
            sec = sw.write(OPT_BUFFER_TEXT, "buffer latency " + inst.name, inst.latency_text, false);
            buf.put<uint64_t>(sec).cstr(inst.name).cstr(clock_of(in, inst));
        } else {
            sec = sw.begin(OPT_BUFFER, "buffer flyrecord " + inst.name, compressed);
            std::vector<CpuOut> cpus;
            for (const CpuData& cd : inst.cpus) {
                CpuOut r = data.write_cpu(*streams[next_stream++], inst, cd.cpu, keep);
                if (r.size > (compressed ? 4u : 0u)) cpus.push_back(r);
            }
            sw.end(sec);
            buf.put<uint64_t>(sec).cstr(inst.name).cstr(clock_of(in, inst));
            buf.put<uint32_t>(inst.page_size).put<uint32_t>(static_cast<uint32_t>(cpus.size()));
            for (const CpuOut& c : cpus) buf.put<uint32_t>(static_cast<uint32_t>(c.cpu)).put<uint64_t>(c.offset).put<uint64_t>(c.size);
        }
        // Each buffer's own OPTIONS section, chained from the previous one.
        out.patch(done_ptr, encoded<uint64_t>(out.tell(), o));
        uint64_t bo = sw.begin(OPT_DONE, "options", false);
        out.write(option_record(inst.latency ? OPT_BUFFER_TEXT : OPT_BUFFER, buf.str(), o));
        done_ptr = out.tell() + 6;
        out.write(option_record(OPT_DONE, encoded<uint64_t>(0, o), o));
        sw.end(bo);
    }
    sw.write_strings();
}

// The model as a trace.dat needs it: formats synthesized for event types that
// have none (events from other formats), header texts and sizes defaulted.
TraceInfo for_tracedat(const TraceInfo& in, std::unordered_set<uint32_t>& prefixed) {
    TraceInfo m = in;
    if (m.kernel_long_size != 4 && m.kernel_long_size != 8) m.kernel_long_size = 8;
    if (m.user_long_size != 4 && m.user_long_size != 8) m.user_long_size = m.kernel_long_size;
    if (m.page_size == 0) m.page_size = 4096;
    if (m.header_page.empty()) m.header_page = synthesize_header_page(m.kernel_long_size, m.page_size);
    if (m.header_event.empty()) m.header_event = synthesize_header_event();
    for (const EventType& t : in.event_types) {
        if (!t.format_text.empty()) continue;
        prefixed.insert(t.id);
        std::string system = t.system.empty() ? "tracekit" : t.system;
        auto it = std::find_if(m.event_formats.begin(), m.event_formats.end(), [&](const auto& p) { return p.first == system; });
        if (it == m.event_formats.end()) it = m.event_formats.insert(m.event_formats.end(), {system, {}});
        it->second.push_back(synthesize_format(t));
    }
    if (m.instances.empty()) m.instances.push_back(Instance{});
    for (Instance& i : m.instances)
        if (i.page_size == 0) i.page_size = m.page_size;
    if (m.cpus == 0)
        for (const Instance& i : m.instances)
            for (const CpuData& c : i.cpus) m.cpus = std::max(m.cpus, c.cpu + 1);
    return m;
}

}  // namespace

WriteStats write_tracedat(TraceReader& source, const std::string& path, const WriteOptions& opts,
                          const std::function<bool(const Event&)>& keep) {
    if (opts.version != 6 && opts.version != 7)
        throw UsageError("trace.dat version " + std::to_string(opts.version) + " cannot be written (6 or 7)");
    std::unordered_set<uint32_t> prefixed;
    const TraceInfo in = for_tracedat(source.info(), prefixed);
    ByteOrder order = opts.order.value_or(in.order);
    std::unique_ptr<TepSession> tep;
    std::unique_ptr<PayloadSwapper> swapper;
    if (order != in.order) {
        Diagnostics scratch;
        tep = std::make_unique<TepSession>(in, false, scratch);
        swapper = std::make_unique<PayloadSwapper>(tep->tep());
    }
    WriteStats stats;
    AtomicFile out(path);
    DataWriter data(out, in, order, opts, swapper.get(), prefixed, stats);
    if (opts.version == 6) write_v6(out, in, source, order, data, keep);
    else write_v7(out, in, source, opts, order, data, keep);
    out.commit();
    return stats;
}

}  // namespace tk::tracedat
