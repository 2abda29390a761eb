// SPDX-License-Identifier: MIT
#include "reader.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>

#include "tracekit/error.hpp"

namespace tk::aix {

namespace {

std::string hx(uint64_t v, int digits = 0) {
    char b[32];
    std::snprintf(b, sizeof b, "%0*llx", digits, static_cast<unsigned long long>(v));
    return b;
}

bool is_regular(const std::string& p) {
    struct stat st;
    return ::stat(p.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

bool read_text(const std::string& path, std::string& out) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    std::ostringstream ss;
    ss << in.rdbuf();
    out = ss.str();
    return true;
}

// How many entries parse from the start of `bytes`; -1 when one is invalid.
int count_entries(std::string_view bytes, const Layout& l, bool whole, bool strict, bool& first_meta) {
    (void)whole;
    const uint8_t* p = reinterpret_cast<const uint8_t*>(bytes.data());
    size_t pos = 0;
    int n = 0;
    first_meta = false;
    while (pos < bytes.size()) {
        Entry e;
        std::string why;
        uint32_t at;
        if (!parse_entry(p + pos, bytes.size() - pos, l, e, why, at, strict)) {
            size_t hw = l.b64 ? 8 : 4;
            // An entry cut by the end of the prefix (not of the file) is fine.
            bool cut = bytes.size() - pos < hw || e.size > bytes.size() - pos;
            if (cut) break;  // cut by the end of the prefix, or a truncated log

            return strict ? -1 : n;
        }
        if (strict && e.hook_id == 0) return -1;
        if (n == 0) first_meta = e.key < 0x0100;
        ++n;
        pos += e.size;
    }
    return n;
}

bool text_like(const uint8_t* p, size_t n) {
    size_t i = 0;
    for (; i < n && p[i]; ++i)
        if ((p[i] < 0x20 || p[i] > 0x7e) && p[i] != '\t' && p[i] != '\n') return false;
    if (i == 0) return false;
    for (; i < n; ++i)
        if (p[i]) return false;
    return true;
}

FieldDef field(std::string name, std::string type, uint32_t off, uint32_t size, FieldLayout lay = FieldLayout::scalar,
               uint32_t el = 0) {
    FieldDef f;
    f.name = std::move(name);
    f.c_type = std::move(type);
    f.offset = off;
    f.size = size;
    f.element_size = el ? el : size;
    f.layout = lay;
    return f;
}

class AixStream : public EventStream {
public:
    explicit AixStream(const Reader::File& f) : f_(f) {}
    bool next(Event& ev) override {
        if (i_ >= f_.recs.size()) return false;
        const Reader::Rec& r = f_.recs[i_++];
        ev = Event{};
        ev.ts_raw = ev.ts = r.ts;
        ev.cpu = r.cpu;
        ev.tid = r.tid >= 0 ? static_cast<int32_t>(r.tid) : -1;
        ev.pid = ev.tid;
        ev.type_id = r.type_id;
        ev.payload = std::span<const uint8_t>(f_.map->data() + r.offset, r.size);
        ev.missed_before = r.lost ? -1 : 0;
        ev.file_offset = r.offset;
        return true;
    }

private:
    const Reader::File& f_;
    size_t i_ = 0;
};

}  // namespace

std::optional<Layout> sniff_layout(std::string_view prefix, bool whole_file) {
    const Layout order[] = {{true, ByteOrder::big}, {false, ByteOrder::big}, {true, ByteOrder::little}, {false, ByteOrder::little}};
    for (const Layout& l : order) {
        bool meta = false;
        int n = count_entries(prefix, l, whole_file, true, meta);
        if (n <= 0) continue;
        if (meta || n >= 4 || (whole_file && n >= 2)) return l;
    }
    return std::nullopt;
}

bool sniff(std::string_view prefix) { return sniff_layout(prefix, prefix.size() < 4096).has_value(); }

Reader::Reader(std::shared_ptr<const MappedFile> file, ReadOptions opts) : opts_(opts) {
    std::string_view all = file->bytes();
    std::string_view prefix = all.substr(0, 4096);
    std::optional<Layout> l = sniff_layout(prefix, prefix.size() == all.size());
    if (opts_.b64 || opts_.order) {
        // Forced: the forced parts are kept, the rest is the best fit.
        Layout best{opts_.b64.value_or(l ? l->b64 : true), opts_.order.value_or(l ? l->order : ByteOrder::big)};
        if (!l || (opts_.b64 && l->b64 != *opts_.b64) || (opts_.order && l->order != *opts_.order)) {
            int most = -1;
            for (bool b : {true, false})
                for (ByteOrder o : {ByteOrder::big, ByteOrder::little}) {
                    if ((opts_.b64 && b != *opts_.b64) || (opts_.order && o != *opts_.order)) continue;
                    bool meta;
                    int n = count_entries(prefix, {b, o}, prefix.size() == all.size(), false, meta);
                    if (n > most) most = n, best = {b, o};
                }
        }
        l = best;
    }
    if (!l) {
        // Not recognisable: the best loose fit, so the error names where it breaks.
        int most = -1;
        Layout best;
        for (bool b : {true, false})
            for (ByteOrder o : {ByteOrder::big, ByteOrder::little}) {
                bool meta;
                int n = count_entries(prefix, {b, o}, prefix.size() == all.size(), false, meta);
                if (n > most) most = n, best = {b, o};
            }
        l = best;
    }
    layout_ = *l;

    info_.family = FormatFamily::aix;
    info_.file = file->name();
    info_.order = layout_.order;
    info_.user_long_size = info_.kernel_long_size = layout_.b64 ? 8 : 4;
    info_.extras["aix:layout"] = layout_.b64 ? "64" : "32";
    info_.extras["aix:order"] = order_text();

    std::string name = file->name();
    files_.push_back(File{std::move(file), 0, {}});
    bool numbered = false;
    {
        size_t dash = name.rfind('-');
        numbered = dash != std::string::npos && dash + 1 < name.size() &&
                   name.find_first_not_of("0123456789", dash + 1) == std::string::npos;
    }
    if (opts_.siblings && name != "<stdin>" && !numbered) {
        for (int i = 1; i < 4096; ++i) {
            std::string s = name + "-" + std::to_string(i);
            if (!is_regular(s)) break;
            files_.push_back(File{std::make_shared<MappedFile>(s), i, {}});
        }
    }
    if (opts_.companion && name != "<stdin>") {
        std::string text, used;
        std::string cands[2] = {name + ".trcfmt", ""};
        size_t dot = name.rfind('.'), slash = name.rfind('/');
        if (dot != std::string::npos && (slash == std::string::npos || dot > slash)) cands[1] = name.substr(0, dot) + ".trcfmt";
        for (const std::string& c : cands)
            if (!c.empty() && is_regular(c) && read_text(c, text)) {
                info_.extras["aix:trcfmt"] = text;
                info_.extras["aix:trcfmt:file"] = c;
                break;
            }
    }

    for (File& f : files_) scan(f);
    if (files_.front().recs.empty() && diag_.any(Severity::data_loss)) {
        throw FormatError(files_.front().map->name(), first_error_offset_, first_error_ + " (not an AIX trace log?)");
    }
    // Ticks -> ns with the 00A/25C timebase (1:1 without one).
    for (File& f : files_)
        for (Rec& r : f.recs) {
            if (tb_mult_ != tb_div_ && !opts_.raw_ts)
                r.ts = static_cast<uint64_t>(static_cast<unsigned __int128>(r.ts) * tb_mult_ / tb_div_);
            r.ts = static_cast<uint64_t>(static_cast<int64_t>(r.ts) + opts_.ts_offset);
        }
    if (tb_mult_ != 1 || tb_div_ != 1) info_.extras["aix:timebase"] = std::to_string(tb_mult_) + "/" + std::to_string(tb_div_);
    info_.clock.name = "aix-timebase";
    info_.clock.in_nanoseconds = true;
    Instance top;
    for (const File& f : files_) top.cpus.push_back({f.cpu, 0, f.map->size()});
    info_.instances.push_back(top);
    info_.cpus = static_cast<int>(files_.size());
    if (files_.size() > 1) {
        std::string list;
        for (const File& f : files_) list += (list.empty() ? "" : "\n") + f.map->name();
        info_.extras["aix:files"] = list;
    }
}

std::string Reader::order_text() const { return layout_.order == ByteOrder::big ? "big" : "little"; }

void Reader::scan(File& f) {
    const uint8_t* base = f.map->data();
    const size_t size = f.map->size();
    size_t pos = 0;
    uint64_t last = 0, hi = 0;
    uint32_t last32 = 0;
    bool have_ts = false;
    while (pos < size) {
        Entry e;
        std::string why;
        uint32_t at = 0;
        if (!parse_entry(base + pos, size - pos, layout_, e, why, at)) {
            bool truncated = size - pos < (layout_.b64 ? 8u : 4u) || e.size > size - pos;
            std::string msg = f.map->name() + ": offset " + hex(pos + at) + ": " + why;
            if (truncated) msg += " (the log is cut short)";
            diag_.add(truncated ? Diag::truncated_cpu_data : Diag::bad_record, 1, msg);
            if (first_error_.empty()) first_error_ = why, first_error_offset_ = pos + at;
            break;
        }
        const uint8_t* p = base + pos;
        Rec r{pos, e.size, type_for(e, p), last, -1, f.cpu, false};
        if (e.ts_off >= 0) {
            if (e.ts_size == 4) {
                uint32_t t = load<uint32_t>(p + e.ts_off, layout_.order);
                if (have_ts && t < last32) hi += 1ull << 32;  // a 32-bit timestamp wrapped
                last32 = t;
                r.ts = hi + t;
            } else {
                r.ts = load<uint64_t>(p + e.ts_off, layout_.order);
            }
            have_ts = true;
            if (r.ts < last) r.ts = last;  // never backwards within a file
            last = r.ts;
        }
        if (e.tid_off >= 0) r.tid = static_cast<int64_t>(load<uint64_t>(p + e.tid_off, layout_.order));
        if (e.cpu_off >= 0) r.cpu = static_cast<int32_t>(load<uint64_t>(p + e.cpu_off, layout_.order));
        if (e.key == 0x0050 || e.key == 0x0060) {
            r.lost = true;
            diag_.add(Diag::lost_events, 1,
                      f.map->name() + ": offset " + hex(pos) + ": " + (e.key == 0x0050 ? "log file" : "trace buffer") +
                          " wrapped around; events were lost");
        }
        metadata(e, p, f, pos);
        f.recs.push_back(r);
        pos += e.size;
    }
}

uint32_t Reader::type_for(const Entry& e, const uint8_t* p) {
    bool text = e.generic && e.buf_len && text_like(p + e.buf_off, e.buf_len);
    // The shape: 64-bit (hook ID, subhook, flags, length); 32-bit (hook ID, type, buffer length).
    uint64_t shape = layout_.b64 ? (uint64_t(e.hook_id) << 48) | (uint64_t(e.subhook) << 32) | (uint64_t(e.flags) << 16) | e.data_len
                                 : (uint64_t(e.hook_id) << 48) | (uint64_t(e.type) << 32) | (e.generic ? e.buf_len : 0);
    auto& shapes = shapes_[text ? 1 : 0];
    auto it = shapes.find(shape);
    if (it != shapes.end()) return it->second;
    uint32_t id = kFirstTypeId + static_cast<uint32_t>(info_.event_types.size());
    shapes.emplace(shape, id);

    EventType t;
    t.id = id;
    t.system = "aix";
    std::string base = "hook_" + (layout_.b64 ? hx(e.hook_id, 4) + "_" + hx(e.subhook) : hx(e.hook_id, 3));
    int same = 0;
    for (const EventType& o : info_.event_types)
        if (o.name == base || o.name.rfind(base + "_", 0) == 0) ++same;
    t.name = same ? base + "_" + std::to_string(same + 1) : base;
    const bool be = layout_.order == ByteOrder::big;
    if (layout_.b64) {
        t.fields.push_back(field("flags", "unsigned short", be ? 0 : 6, 2));
        t.fields.push_back(field("data_len", "unsigned short", be ? 2 : 4, 2));
        t.fields.push_back(field("hook_id", "unsigned short", be ? 4 : 2, 2));
        t.fields.push_back(field("subhook", "unsigned short", be ? 6 : 0, 2));
    } else {
        t.fields.push_back(field("hookword", "unsigned int", 0, 4));
    }
    const std::string wtype = e.word_size == 8 ? "unsigned long long" : "unsigned int";
    for (unsigned i = 0; i < e.words; ++i)
        t.fields.push_back(field("d" + std::to_string(i + 1), wtype, e.data_off + i * e.word_size, e.word_size));
    if (e.buf_len)
        t.fields.push_back(field("buf", text ? "char" : "u8", e.buf_off, e.buf_len, FieldLayout::fixed_array, 1));
    if (e.pad_len) t.fields.push_back(field("pad", "u8", e.pad_off, e.pad_len, FieldLayout::fixed_array, 1));
    if (e.tid_off >= 0) t.fields.push_back(field("tid", "unsigned long long", e.tid_off, 8));
    if (e.ts_off >= 0)
        t.fields.push_back(field("timestamp", e.ts_size == 8 ? "unsigned long long" : "unsigned int", e.ts_off, e.ts_size));
    if (e.cpu_off >= 0) t.fields.push_back(field("cpuid", "unsigned long long", e.cpu_off, 8));
    if (e.regs) t.fields.push_back(field("regs", "unsigned long long", e.regs_off, 8u * e.regs, FieldLayout::fixed_array, 8));
    AixHookSchema s;
    s.hook_id = e.hook_id;
    s.hook_type = layout_.b64 ? static_cast<uint8_t>(e.flags >> 8) : e.type;
    s.data_words = e.words;
    t.aix = s;
    info_.event_types.push_back(std::move(t));
    return id;
}

void Reader::metadata(const Entry& e, const uint8_t* p, const File& f, uint64_t off) {
    if (!e.generic || (e.key != 0x0030 && e.key != 0x00A0)) return;
    // The subtype: the subhook (64-bit) or d1 (32-bit, whose hook data is the length).
    uint64_t sub = layout_.b64 ? e.subhook : load<uint32_t>(p + e.data_off, layout_.order);
    const uint8_t* b = p + e.buf_off;
    if (e.key == 0x0030) {
        std::string text(reinterpret_cast<const char*>(b), e.buf_len);
        std::string key = "aix:header:" + hx(sub, 2);
        if (sub == 6) {  // hook bitmap: kept as hex
            std::string h;
            for (char c : text) h += hx(static_cast<uint8_t>(c), 2);
            info_.extras[key] = h;
            return;
        }
        text = text.substr(0, text.find('\0'));
        if (sub == 1) info_.uname = text, info_.extras["aix:uname"] = text;
        if (sub == 2) info_.extras["aix:command"] = text;
        info_.extras[key] = text;
        return;
    }
    if (sub == 0x25C && e.buf_len >= 24) {
        uint64_t m = load<uint64_t>(b, layout_.order), d = load<uint64_t>(b + 8, layout_.order),
                 k = load<uint64_t>(b + 16, layout_.order);
        if (k == 2 && m && d) tb_mult_ = m, tb_div_ = d;
        else tb_mult_ = tb_div_ = 1;
        info_.extras["aix:timebase:offset"] = f.map->name() + ":" + hex(off);
    }
}

std::vector<std::unique_ptr<EventStream>> Reader::open_streams() {
    std::vector<std::unique_ptr<EventStream>> v;
    for (const File& f : files_) v.push_back(std::make_unique<AixStream>(f));
    return v;
}

}  // namespace tk::aix
