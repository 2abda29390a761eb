// SPDX-License-Identifier: MIT
#include "writer.hpp"

#include <cstdio>
#include <map>
#include <set>
#include <unordered_map>

#include "layout.hpp"
#include "tracekit/atomic_file.hpp"
#include "tracekit/error.hpp"
#include "tracekit/merge.hpp"
#include "trcfmt/template_set.hpp"

namespace tk::aix {

namespace {

std::string hx(uint64_t v, int digits = 0, bool upper = false) {
    char b[32];
    std::snprintf(b, sizeof b, upper ? "%0*llX" : "%0*llx", digits, static_cast<unsigned long long>(v));
    return b;
}

// How a source's events map to entries.
struct Plan {
    Layout layout;
    size_t strip = 0;                  // bytes in front of the entry (trace.dat common header)
    std::set<uint32_t> aix_types;      // type ids that are AIX hooks
    // 64-bit types whose trace.dat was written in the other byte order: each
    // u16 of the hook word was swapped on its own, so their order is reversed.
    std::set<uint32_t> reverse_halfwords;
};

Plan plan_for(const TraceInfo& in) {
    Plan p;
    p.layout.order = in.order;
    if (in.family == FormatFamily::aix) {
        auto it = in.extras.find("aix:layout");
        p.layout.b64 = it == in.extras.end() || it->second != "32";
        for (const EventType& t : in.event_types)
            if (t.system == "aix" || t.aix) p.aix_types.insert(t.id);
        return p;
    }
    // trace.dat (or any source with ftrace formats): the "aix" system's formats.
    p.strip = 8;
    int b64 = -1;
    for (const auto& [system, formats] : in.event_formats) {
        if (system != "aix") continue;
        for (const std::string& f : formats) {
            size_t id = f.find("\nID: ");
            if (id == std::string::npos) continue;
            uint32_t type_id = static_cast<uint32_t>(std::strtoul(f.c_str() + id + 5, nullptr, 10));
            p.aix_types.insert(type_id);
            // hook_id at 4 (+8 common header) = a big-endian log; at 2 = little-endian.
            size_t h = f.find(" hook_id;\toffset:");
            if (h != std::string::npos) {
                unsigned long off = std::strtoul(f.c_str() + h + 17, nullptr, 10);
                bool was_big = off == 12;
                if (was_big != (in.order == ByteOrder::big)) p.reverse_halfwords.insert(type_id);
            }
            int this64 = f.find(" hookword;") != std::string::npos ? 0 : (f.find(" subhook;") != std::string::npos ? 1 : -1);
            if (this64 >= 0 && b64 >= 0 && this64 != b64)
                throw UsageError(in.file + ": AIX events of both 32-bit and 64-bit logs; an AIX log holds one layout");
            if (this64 >= 0) b64 = this64;
        }
    }
    if (p.aix_types.empty()) throw UsageError(in.file + ": no AIX hook events (system \"aix\") to write as an AIX log");
    p.layout.b64 = b64 != 0;
    return p;
}

struct HookUse {
    bool plain = false, generic = false, text = true;
    unsigned words = 0;
    uint32_t buf_off = 0;
};

std::string stanza(uint16_t key, bool b64, const HookUse& u) {
    std::string id = key < 0x1000 && (key & 0xF) == 0 ? hx(key >> 4, 3, true) : hx(key, 4, true);
    std::string plain = "\"hd=\"$HD%X2";
    for (unsigned i = 1; i <= u.words; ++i) plain += " \"d" + std::to_string(i) + "=\"$D" + std::to_string(i);
    std::string gen = "\"d1=\"$D1 \"len=\"$HL%D2 G" + std::to_string(u.buf_off) + " LOOP $HL {" + (u.text ? "A0" : "X1") + "}";
    std::string s = id + " 1.0 L=APPL \"hook_" + id + "\" ";
    if (u.plain && u.generic) s += "\\\n\t$GENERIC%D1, \\\n\t0 { " + plain + " }, \\\n\t1 { " + gen + " }\n";
    else s += (u.generic ? gen : plain) + "\n";
    (void)b64;
    return s;
}

}  // namespace

WriteStats write_aix(TraceReader& source, const std::string& path, const WriteOptions& opts,
                     const std::function<bool(const Event&)>& keep) {
    const TraceInfo& in = source.info();
    Plan plan = plan_for(in);
    WriteStats st;
    std::map<uint16_t, HookUse> uses;
    AtomicFile out(path);
    auto streams = source.open_streams();
    Merger m;
    for (size_t i = 0; i < streams.size(); ++i) m.add(streams[i].get(), static_cast<uint32_t>(i));
    Event ev;
    while (m.next(ev)) {
        if (!plan.aix_types.count(ev.type_id)) {
            ++st.skipped;
            continue;
        }
        if (keep && !keep(ev)) continue;
        if (ev.payload.size() < plan.strip) {
            ++st.bad;
            continue;
        }
        const uint8_t* p = ev.payload.data() + plan.strip;
        size_t n = ev.payload.size() - plan.strip;
        std::string fixed;
        if (plan.reverse_halfwords.count(ev.type_id) && n >= 8) {
            fixed.assign(reinterpret_cast<const char*>(p), n);
            for (int i = 0; i < 4; ++i) fixed.replace(static_cast<size_t>(i) * 2, 2, std::string_view(reinterpret_cast<const char*>(p) + (3 - i) * 2, 2));
            p = reinterpret_cast<const uint8_t*>(fixed.data());
        }
        Entry e;
        std::string why;
        uint32_t at = 0;
        if (!parse_entry(p, n, plan.layout, e, why, at) || e.size != n) {
            if (st.first_bad.empty())
                st.first_bad = in.file + ": offset " + hex(ev.file_offset) + ": " +
                               (why.empty() ? "event of " + std::to_string(n) + " bytes holds an entry of " + std::to_string(e.size) : why);
            ++st.bad;
            continue;
        }
        out.write(std::string_view(reinterpret_cast<const char*>(p), n));
        ++st.events;
        if (e.key >= 0x0100) {
            HookUse& u = uses[e.key];
            if (e.generic) {
                u.generic = true;
                u.buf_off = e.buf_off;
                bool text = e.buf_len > 0;
                for (uint32_t i = 0; i < e.buf_len && text; ++i) {
                    uint8_t c = p[e.buf_off + i];
                    text = c == 0 || (c >= 0x20 && c < 0x7f);
                }
                u.text = u.text && text;
            } else {
                u.plain = true;
                u.words = std::max<unsigned>(u.words, e.words);
            }
        }
    }
    if (opts.companion) {
        trcfmt::TemplateSet have;
        std::string text;
        auto it = in.extras.find("aix:trcfmt");
        if (it != in.extras.end() && have.load(it->second, "companion").empty()) {
            text = it->second;
            if (!text.empty() && text.back() != '\n') text += '\n';
        }
        if (text.empty()) text = "# Templates for the hooks of " + path + " (written by tracekit)\n";
        for (const auto& [key, u] : uses) {
            if (key < 0x1000 && (key & 0xF) != 0) continue;  // not a valid 4-digit ID below 1000
            if (have.find(key)) continue;
            text += stanza(key, plan.layout.b64, u);
        }
        AtomicFile c(path + ".trcfmt");
        c.write(text);
        c.commit();
        st.companion = path + ".trcfmt";
    }
    out.commit();
    return st;
}

}  // namespace tk::aix
