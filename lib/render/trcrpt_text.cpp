// SPDX-License-Identifier: MIT
#include "render/trcrpt_text.hpp"

#include <algorithm>
#include <cinttypes>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "trcfmt/errors.hpp"
#include "tracekit/error.hpp"

namespace tk {

namespace {

bool parse_on_off(std::string_view key, std::string_view v) {
    if (v == "on" || v == "1" || v == "yes") return true;
    if (v == "off" || v == "0" || v == "no") return false;
    throw UsageError("-O " + std::string(key) + "=" + std::string(v) + ": expected on or off");
}

void appendf(std::string& o, const char* fmt, ...) __attribute__((format(printf, 2, 3)));
void appendf(std::string& o, const char* fmt, ...) {
    char buf[256];
    va_list ap;
    va_start(ap, fmt);
    int n = std::vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n > 0) o.append(buf, std::min<size_t>(static_cast<size_t>(n), sizeof buf - 1));
}

// Widths of the fixed columns (see docs/trcfmt.md, "Reports").
constexpr unsigned kIdWidth = 4, kExecWidth = 15, kPidWidth = 7, kTidWidth = 7, kCpuWidth = 4;

}  // namespace

void parse_trcrpt_options(std::string_view text, TrcrptOptions& o) {
    size_t pos = 0;
    while (pos <= text.size()) {
        size_t comma = text.find(',', pos);
        if (comma == std::string_view::npos) comma = text.size();
        std::string_view item = text.substr(pos, comma - pos);
        pos = comma + 1;
        if (item.empty()) continue;
        size_t eq = item.find('=');
        std::string_view key = item.substr(0, eq);
        std::string_view val = eq == std::string_view::npos ? std::string_view("on") : item.substr(eq + 1);
        if (key == "exec") o.exec = parse_on_off(key, val);
        else if (key == "pid") o.pid = parse_on_off(key, val);
        else if (key == "tid") o.tid = parse_on_off(key, val);
        else if (key == "cpuid") o.cpuid = parse_on_off(key, val);
        else if (key == "heading") o.heading = parse_on_off(key, val);
        else if (key == "timestamp") {
            if (val.size() != 1 || val[0] < '0' || val[0] > '3')
                throw UsageError("-O timestamp=" + std::string(val) + ": expected 0, 1, 2 or 3");
            o.timestamp = val[0] - '0';
        } else {
            throw UsageError("-O " + std::string(item) +
                             ": unknown option (known: exec, pid, tid, cpuid, timestamp=0..3, heading)");
        }
    }
}

void AixTrcrptAdapter::entry(const Event& ev, trcfmt::EntryView& e) const {
    e = trcfmt::decode_aix_entry(ev.payload, hook64_, order_);
    e.pid = ev.pid;
    e.tid = ev.tid >= 0 ? ev.tid : ev.pid;
    e.cpu = ev.cpu;
    e.timestamp = ev.ts;
    e.log_offset = ev.file_offset;
}

std::string trcrpt_hook_id(uint16_t key) {
    char buf[8];
    if ((key & 0xF) == 0) std::snprintf(buf, sizeof buf, "%03X", key >> 4);
    else std::snprintf(buf, sizeof buf, "%04X", key);
    return buf;
}

TrcrptText::TrcrptText(TrcrptOptions options, Output& out) : opt_(options), out_(out) {
    unsigned w = kIdWidth;
    if (opt_.exec) w += kExecWidth;
    if (opt_.pid) w += kPidWidth;
    if (opt_.tid) w += kTidWidth;
    if (opt_.cpuid) w += kCpuWidth;
    switch (opt_.timestamp) {
        case 0: w += 13 + 12; break;
        case 1: w += 13; break;
        case 2: w += 16 + 13; break;
        default: break;
    }
    prefix_width_ = w;
}

TrcrptText::~TrcrptText() = default;

void TrcrptText::add_input(const trcfmt::TemplateSet& set, const TrcrptAdapter& adapter, bool ticks) {
    trcfmt::EvalOptions eo;
    for (unsigned l = 0; l < 4; ++l) eo.level_indent[l] = static_cast<uint16_t>(text_column(l) + 8);
    eo.start_column = static_cast<uint16_t>(text_column(2));
    inputs_.push_back(In{&set, &adapter, ticks, std::make_unique<trcfmt::Evaluator>(set, state_, eo)});
}

void TrcrptText::heading(const std::vector<const TraceInfo*>& infos) {
    if (!opt_.heading) return;
    std::string& o = out_.buffer();
    for (const TraceInfo* info : infos) {
        const char* family = info->family == FormatFamily::tracedat ? "trace.dat"
                             : info->family == FormatFamily::aix    ? "AIX trace log"
                             : info->family == FormatFamily::posix  ? "POSIX trace log"
                                                                    : "CX/UX trace";
        appendf(o, "Trace file: %s (%s", info->file.c_str(), family);
        if (info->version) appendf(o, " version %d", info->version);
        o += info->order == ByteOrder::big ? ", big-endian)\n" : ", little-endian)\n";
        if (!info->uname.empty()) o += "System: " + info->uname + "\n";
        appendf(o, "The system contains %d cpus, of which %d were traced.\n", info->cpus, info->cpus);
        appendf(o, "This is from a %d-bit kernel.\n", info->kernel_long_size * 8);
        if (!info->clock.name.empty()) o += "Clock: " + info->clock.name + "\n";
        o += "\n";
    }
    bool ticks = false;
    for (const In& in : inputs_) ticks |= in.ticks;
    auto col = [&](const char* s, unsigned w) {
        o += s;
        size_t n = std::strlen(s);
        if (n < w) o.append(w - n, ' ');
        else o.push_back(' ');
    };
    auto rcol = [&](const char* s, unsigned w) {
        size_t n = std::strlen(s);
        if (n < w) o.append(w - n, ' ');
        else o.push_back(' ');
        o += s;
    };
    col("ID", kIdWidth);
    if (opt_.exec) col("PROCESS NAME", kExecWidth);
    if (opt_.pid) col("PID", kPidWidth);
    if (opt_.tid) col("TID", kTidWidth);
    if (opt_.cpuid) col("CPU", kCpuWidth);
    if (opt_.timestamp == 0 || opt_.timestamp == 1) rcol(ticks ? "ELAPSED_TICKS" : "ELAPSED_SEC", 13);
    if (opt_.timestamp == 0) rcol(ticks ? "DELTA_TICKS" : "DELTA_MSEC", 12);
    if (opt_.timestamp == 2) {
        rcol(ticks ? "ELAPSED_TICKS" : "ELAPSED_USEC", 16);
        rcol(ticks ? "DELTA_TICKS" : "DELTA_USEC", 13);
    }
    // Trim the blanks of a short ID-only prefix: the level titles start at their columns.
    size_t start = o.rfind('\n', o.size() - 1);
    start = start == std::string::npos ? 0 : start + 1;
    size_t have = o.size() - start;
    if (have < text_column(0)) o.append(text_column(0) - have, ' ');
    o += "APPL    SYSCALL KERNEL  INTERRUPT\n\n";
    out_.maybe_flush();
}

void TrcrptText::prefix(const Event& ev, const TrcrptAdapter& a, std::string_view id, bool ticks) {
    std::string& o = out_.buffer();
    o += id;
    if (id.size() < kIdWidth) o.append(kIdWidth - id.size(), ' ');
    else o.push_back(' ');
    if (opt_.exec) {
        std::string_view n = a.process_name(ev);
        if (n.empty()) n = "-";
        if (n.size() > kExecWidth - 1) n = n.substr(0, kExecWidth - 1);
        o += n;
        o.append(kExecWidth - n.size(), ' ');
    }
    if (opt_.pid) {
        appendf(o, "%-*d", kPidWidth, ev.pid);
        if (o.back() != ' ') o.push_back(' ');
    }
    if (opt_.tid) {
        appendf(o, "%-*d", kTidWidth, ev.tid >= 0 ? ev.tid : ev.pid);
        if (o.back() != ' ') o.push_back(' ');
    }
    if (opt_.cpuid) {
        appendf(o, "%-*d", kCpuWidth, ev.cpu);
        if (o.back() != ' ') o.push_back(' ');
    }
    if (!have_first_) {
        have_first_ = true;
        first_ts_ = prev_ts_ = ev.ts;
    }
    int64_t el = static_cast<int64_t>(ev.ts - first_ts_), de = static_cast<int64_t>(ev.ts - prev_ts_);
    prev_ts_ = ev.ts;
    auto sec = [&](int64_t ns, int width, int64_t unit, int decimals) {
        // ns / unit with `decimals` digits, without floating point.
        int64_t whole = ns / unit, frac = ns % unit;
        bool neg = ns < 0;
        if (neg) whole = -whole, frac = -frac;
        int64_t scale = 1;
        for (int i = 0; i < decimals; ++i) scale *= 10;
        // frac is in units of unit/scale
        int64_t f = frac * scale / unit;
        char buf[48];
        int n = std::snprintf(buf, sizeof buf, "%s%" PRId64 ".%0*" PRId64, neg ? "-" : "", whole, decimals, f);
        if (n < width) o.append(static_cast<size_t>(width - n), ' ');
        else o.push_back(' ');
        o.append(buf, static_cast<size_t>(n));
    };
    auto raw = [&](int64_t v, int width) { appendf(o, " %*" PRId64, width - 1, v); };
    switch (opt_.timestamp) {
        case 0:
            if (ticks) raw(el, 13), raw(de, 12);
            else sec(el, 13, 1000000000, 9), sec(de, 12, 1000000, 6);
            break;
        case 1:
            if (ticks) raw(el, 13);
            else sec(el, 13, 1000000000, 9);
            break;
        case 2:
            if (ticks) raw(el, 16), raw(de, 13);
            else sec(el, 16, 1000, 3), sec(de, 13, 1000, 3);
            break;
        default: break;
    }
    size_t start = o.rfind('\n');
    start = start == std::string::npos ? 0 : start + 1;
    size_t have = o.size() - start;
    // Three blanks after the time columns (seed 001: "3.872577   MyCustomHook").
    if (have < prefix_width_ + 3) o.append(prefix_width_ + 3 - have, ' ');
    else o.push_back(' ');
}

// The built-in form for a hook without a template (and no template 008),
// after seed 001's trcrpt output:
//   010   0.005312869    5.312869   UNDEFINED TRACE ID idx 0x1fc28
//                                           traceid 0100 hookword  8000002801000000 type 8000
//                                           hookdata 0000 0000000000000004
//                                           00000001100008D0 000000000000000A
void TrcrptText::undefined(const trcfmt::EntryView& e) {
    std::string& o = out_.buffer();
    unsigned indent = text_column(0) + 8;
    appendf(o, "UNDEFINED TRACE ID idx 0x%" PRIx64 "\n", e.log_offset);
    uint64_t hw = 0;
    if (e.bytes.size() >= e.word_size())
        hw = e.hook64 ? load<uint64_t>(e.bytes.data(), e.order) : load<uint32_t>(e.bytes.data(), e.order);
    o.append(indent, ' ');
    appendf(o, "traceid %04X hookword  %0*" PRIX64 " type %04X\n", e.hook_key, e.hook64 ? 16 : 8, hw, e.hook_type);
    o.append(indent, ' ');
    appendf(o, "hookdata %04X", e.hook_data);
    unsigned on_line = 1;
    // The data words the entry declares and holds (seed 001 shows three).
    const size_t ws = e.word_size();
    const size_t held = e.bytes.size() > ws ? (e.bytes.size() - ws) / ws : 0;
    for (unsigned i = 0; i < e.data_words && i < 5 && i < held; ++i) {
        if (on_line == 2) {
            o.push_back('\n');
            o.append(indent, ' ');
            on_line = 0;
        } else {
            o.push_back(' ');
        }
        appendf(o, "%0*" PRIX64, e.hook64 ? 16 : 8, e.d[i]);
        ++on_line;
    }
    o.push_back('\n');
}

bool TrcrptText::event(size_t input, const Event& ev) {
    In& in = inputs_[input];
    std::string& o = out_.buffer();
    if (ev.missed_before != 0) {
        // Lost events get a line of their own, as hook 006 (TRACEBUFFER WRAPAROUND).
        prefix(ev, *in.adapter, "006", in.ticks);
        if (ev.missed_before > 0) appendf(o, "TRACEBUFFER WRAPAROUND cpu %d: %" PRId64 " events lost\n", ev.cpu, ev.missed_before);
        else appendf(o, "TRACEBUFFER WRAPAROUND cpu %d: events lost\n", ev.cpu);
    }
    trcfmt::RenderResult r;
    const trcfmt::Template* t = nullptr;
    std::string_view id;
    char idbuf[8];
    try {
        in.adapter->entry(ev, entry_);
        entry_.pid = entry_.pid >= 0 ? entry_.pid : ev.pid;
        if ((entry_.hook_key & 0xF) == 0) std::snprintf(idbuf, sizeof idbuf, "%03X", entry_.hook_key >> 4);
        else std::snprintf(idbuf, sizeof idbuf, "%04X", entry_.hook_key);
        id = idbuf;
        t = in.set->find(entry_.hook_key);
        if (!t) t = in.set->find(0x0080);  // the DEFAULT template 008
        if (!t) {
            prefix(ev, *in.adapter, id, in.ticks);
            undefined(entry_);
            out_.maybe_flush();
            return true;
        }
        r = in.eval->render(*t, entry_, text_);
    } catch (const trcfmt::RuntimeError& err) {
        ++errors_;
        if (first_error_.empty()) first_error_ = err.what();
        if (id.empty()) {
            std::snprintf(idbuf, sizeof idbuf, "%s", "007");
            id = idbuf;
        }
        prefix(ev, *in.adapter, id, in.ticks);
        o += "ERROR: ";
        o += err.what();
        o.push_back('\n');
        out_.maybe_flush();
        return true;
    }
    if (r.outcome == trcfmt::Outcome::stop) return false;
    if (r.outcome == trcfmt::Outcome::skipped) return true;
    prefix(ev, *in.adapter, id, in.ticks);
    unsigned level = static_cast<unsigned>(t->level);
    if (level) o.append(8 * level, ' ');
    o += t->label;
    if (!text_.empty()) {
        if (!t->label.empty() && text_[0] != '\n') o.push_back(' ');
        o += text_;
    }
    o.push_back('\n');
    out_.maybe_flush();
    return true;
}

}  // namespace tk
