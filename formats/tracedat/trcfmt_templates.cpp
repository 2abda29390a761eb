// SPDX-License-Identifier: MIT
#include "tracedat/trcfmt_templates.hpp"

#include <traceevent/event-parse.h>

#include <algorithm>
#include <cstring>
#include <map>
#include <set>

#include "trcfmt/errors.hpp"

namespace tk::tracedat {

uint16_t trcfmt_hook_key(uint32_t id) {
    if (id >= 0x10 && id < 0x1000) return static_cast<uint16_t>(id << 4);
    if (id < 0x10) return static_cast<uint16_t>(0xF000 | id);
    return static_cast<uint16_t>(id);
}

namespace {

bool is_char_type(const char* type) {
    return std::strncmp(type, "char", 4) == 0 || std::strstr(type, " char") != nullptr ||
           std::strncmp(type, "__data_loc char", 15) == 0;
}

int level_of(const tep_event* e) {
    std::string_view sys = e->system ? e->system : "", name = e->name ? e->name : "";
    if (sys == "raw_syscalls" || sys == "syscalls") return 1;                     // SVC
    if (sys == "irq" || sys == "irq_vectors" || sys == "ipi") return 3;           // INT
    if (sys == "ftrace" && (name == "print" || name == "bprint" || name == "bputs")) return 0;  // APPL
    return 2;                                                                     // KERN
}

std::string quoted(std::string_view s) {
    std::string o = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\') o.push_back('\\');
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) o.push_back('?');
        else o.push_back(c);
    }
    o.push_back('"');
    return o;
}

bool valid_elem(int n) { return n == 1 || n == 2 || n == 4 || n == 8; }

// The element code of an array or loop: D for signed elements, X otherwise.
std::string elem_code(int es, bool is_signed) {
    return (is_signed ? "D" : "X") + std::to_string(es);
}

// The conversion the event's print fmt uses for each field it prints directly
// (`REC->x`, maybe through a cast): 'x' for %lx, 'd', 'u', 'p', ... trace-cmd -R
// prints a number in hex when the print fmt does; so do the templates.
std::map<std::string, char> print_hints(const tep_event* e) {
    std::map<std::string, char> hints;
    const char* f = e->print_fmt.format;
    tep_print_arg* arg = e->print_fmt.args;
    if (!f) return hints;
    for (const char* p = f; *p && arg; ++p) {
        if (*p != '%') continue;
        if (p[1] == '%') {
            ++p;
            continue;
        }
        ++p;
        while (*p && std::strchr("-+ #0123456789.*hlLqjzt", *p)) {
            if (*p == '*' && arg) arg = arg->next;  // width or precision from an argument
            ++p;
        }
        if (!*p || !arg) break;
        char conv = *p;
        const tep_print_arg* a = arg;
        while (a && a->type == TEP_PRINT_TYPE) a = a->typecast.item;
        if (a && a->type == TEP_PRINT_FIELD && a->field.name) hints.emplace(a->field.name, conv);
        arg = arg->next;
    }
    return hints;
}

// $len bytes of text up to the first NUL: each byte is read (U1), a NUL stops
// the output, any other byte is read again as a character (R1 A0).
constexpr const char* kCString =
    " {{ $stop = 0 }} LOOP $len { $stop, 0 { U1, 0 { {{ $stop = 1 }} }, \\* { R1 A0 } } }";

// One field as ` "name=" codes`, on its own continued line.
void emit_field(std::string& o, const tep_format_field* f, const std::map<std::string, char>& hints) {
    std::string name = f->name ? f->name : "?";
    const unsigned off = static_cast<unsigned>(f->offset);
    const int size = f->size;
    const bool is_char = f->type && is_char_type(f->type);
    const bool is_signed = (f->flags & TEP_FIELD_IS_SIGNED) != 0;
    const int es = valid_elem(f->elementsize) ? f->elementsize : 1;
    std::string offs = std::to_string(off);
    o += " \\\n\t";
    if (f->flags & TEP_FIELD_IS_DYNAMIC) {
        // __data_loc: a u32 with the offset (low 16 bits) and the length (high 16)
        // of the data, from the record start (__rel_loc: from the end of the field).
        o += quoted(name + "=") + " G" + offs;
        if (size == 4) {
            o += " {{ $loc = U4 }} {{ $off = $loc - ($loc / 65536) * 65536 }} {{ $len = $loc / 65536 }}";
        } else {  // old 2-byte form: the data runs to the end of the record
            o += " {{ $off = U" + std::to_string(size == 2 ? 2 : 4) + " }} {{ $len = $HL - $off }}";
        }
        if (f->flags & TEP_FIELD_IS_RELATIVE) o += " {{ $off = $off + " + std::to_string(off + size) + " }}";
        o += " {{ $DATAPOINTER = $off }}";
        if (is_char) o += kCString;
        else if (es == 1) o += " LOOP $len {X1}";
        else o += " {{ $n = $len / " + std::to_string(es) + " }} LOOP $n {" + elem_code(es, is_signed) + "}";
        return;
    }
    if (size == 0) {  // `type name[]`: the rest of the record
        o += quoted(name + "=") + " G" + offs + " {{ $len = $HL - " + offs + " }}";
        if (is_char) o += kCString;
        else if (es == 1) o += " LOOP $len {X1}";
        else o += " {{ $n = $len / " + std::to_string(es) + " }} LOOP $n {" + elem_code(es, is_signed) + "}";
        return;
    }
    if (f->flags & TEP_FIELD_IS_ARRAY) {
        if (is_char) {
            if (size <= 4096) o += quoted(name + "=") + " G" + offs + " A" + std::to_string(size);
            else o += quoted(name + "=") + " G" + offs + " {{ $len = " + std::to_string(size) + " }} LOOP $len {A0}";
            return;
        }
        int n = size / es;
        o += quoted(name + "=") + " G" + offs + " {{ $n = " + std::to_string(n) + " }} LOOP $n {" +
             elem_code(es, is_signed) + "}";
        return;
    }
    // Hex where trace-cmd -R prints hex: pointers, unsigned longs, 4-byte signed longs.
    const bool is_long = (f->flags & TEP_FIELD_IS_LONG) != 0;
    bool hex = (f->flags & TEP_FIELD_IS_POINTER) || (is_long && (!is_signed || size == 4));
    if (auto h = hints.find(name); h != hints.end()) {
        if (h->second == 'x' || h->second == 'X' || h->second == 'p') hex = true;
        else if (h->second == 'd' || h->second == 'i' || h->second == 'u') hex = false;
    }
    if (valid_elem(size) && !hex) {
        o += quoted(name + "=") + " G" + offs + (is_signed ? " D" : " U") + std::to_string(size);
    } else if (size >= 1 && size <= 16) {
        o += quoted(name + "=0x") + " G" + offs + " X" + std::to_string(size);
    } else {
        o += quoted(name + "=") + " G" + offs + " {{ $len = " + std::to_string(size) + " }} LOOP $len {X1}";
    }
}

}  // namespace

std::string generate_trcfmt(const TepSession& session, const TraceInfo& info) {
    tep_handle* tep = session.tep();
    std::string o;
    o += "# trcfmt templates generated by tracekit from the event formats of\n";
    o += "# " + info.file + " (trace.dat version " + std::to_string(info.version) + ", " +
         (info.order == ByteOrder::big ? "big" : "little") + "-endian, " + std::to_string(info.kernel_long_size) +
         "-byte longs).\n";
    o += "# Hook ID = the ftrace event id in hex (ids below 0x10 as F00N). The entry is the\n";
    o += "# ftrace record, common_type at byte 0, so G<offset> reaches the field at that\n";
    o += "# offset. Load an edited copy with `tracekit report --style trcrpt --templates FILE`:\n";
    o += "# a template of version 1.0 or later replaces the generated one for its event.\n";
    tep_event** events = tep_list_events(tep, TEP_EVENT_SORT_ID);
    std::set<uint16_t> used;
    for (size_t i = 0; events && events[i]; ++i) {
        const tep_event* e = events[i];
        if (e->id < 0) continue;
        uint16_t key = trcfmt_hook_key(static_cast<uint32_t>(e->id));
        std::string hid = trcrpt_hook_id(key);
        std::string sys = e->system ? e->system : "", name = e->name ? e->name : "";
        o += "\n# " + sys + "/" + name + ": ftrace event " + std::to_string(e->id) + "\n";
        if (!used.insert(key).second) {
            o += "# (not generated: hook ID " + hid + " is taken by a lower event id)\n";
            continue;
        }
        static const char* const levels[] = {"APPL", "SVC", "KERN", "INT"};
        o += hid + " 1.0 L=" + levels[level_of(e)] + " " + quoted(name);
        auto hints = print_hints(e);
        for (tep_format_field* f = e->format.fields; f; f = f->next) emit_field(o, f, hints);
        o += "\n";
    }
    return o;
}

TrcfmtAdapter::TrcfmtAdapter(const TepSession& session, const TraceInfo& info)
    : session_(session), order_(info.order), long8_(info.kernel_long_size == 8) {
    tep_event** events = tep_list_events(session.tep(), TEP_EVENT_SORT_ID);
    for (size_t i = 0; events && events[i]; ++i) {
        const tep_event* e = events[i];
        if (e->id < 0 || e->id > 0xFFFF) continue;
        if (static_cast<size_t>(e->id) >= by_id_.size()) by_id_.resize(static_cast<size_t>(e->id) + 1);
        Info& in = by_id_[static_cast<size_t>(e->id)];
        in.known = true;
        in.key = trcfmt_hook_key(static_cast<uint32_t>(e->id));
        unsigned first = 0xFFFF;
        for (tep_format_field* f = e->format.fields; f; f = f->next) {
            first = std::min(first, static_cast<unsigned>(f->offset));
            if (in.words < 5) {
                Word& w = in.w[in.words++];
                w.offset = static_cast<uint16_t>(f->offset);
                bool number = !(f->flags & (TEP_FIELD_IS_ARRAY | TEP_FIELD_IS_DYNAMIC)) && valid_elem(f->size);
                w.size = number ? static_cast<uint8_t>(f->size) : 0;
                w.is_signed = (f->flags & TEP_FIELD_IS_SIGNED) != 0;
            }
        }
        in.first = static_cast<uint16_t>(first == 0xFFFF ? 8 : first);
    }
}

void TrcfmtAdapter::entry(const Event& ev, trcfmt::EntryView& e) const {
    e = trcfmt::EntryView{};
    e.bytes = ev.payload;
    e.order = order_;
    e.hook64 = e.trace64 = long8_;
    e.pid = e.tid = ev.pid;
    e.cpu = ev.cpu;
    e.timestamp = ev.ts;
    e.log_offset = ev.file_offset;
    e.data_len = static_cast<uint32_t>(ev.payload.size());
    const uint8_t* p = ev.payload.data();
    const size_t n = ev.payload.size();
    if (n >= 4) e.hook_data = load<uint16_t>(p + 2, order_);
    e.hook_key = trcfmt_hook_key(ev.type_id);
    const Info* in = ev.type_id < by_id_.size() && by_id_[ev.type_id].known ? &by_id_[ev.type_id] : nullptr;
    if (!in) {
        // No format: the words after the first one are the data words.
        const size_t ws = e.word_size();
        e.initial_dp = static_cast<uint32_t>(std::min<size_t>(n, 8));
        for (size_t i = 0; i < 5 && ws * (i + 2) <= n; ++i) {
            e.d[i] = ws == 8 ? load<uint64_t>(p + ws * (i + 1), order_) : load<uint32_t>(p + ws * (i + 1), order_);
            e.data_words = static_cast<uint8_t>(i + 1);
        }
        return;
    }
    e.initial_dp = std::min<uint32_t>(in->first, static_cast<uint32_t>(n));
    e.data_words = in->words;
    for (unsigned i = 0; i < in->words; ++i) {
        const Word& w = in->w[i];
        if (!w.size || static_cast<size_t>(w.offset) + w.size > n) continue;
        const uint8_t* q = p + w.offset;
        uint64_t v = 0;
        switch (w.size) {
            case 1: v = w.is_signed ? static_cast<uint64_t>(static_cast<int8_t>(*q)) : *q; break;
            case 2: {
                uint16_t x = load<uint16_t>(q, order_);
                v = w.is_signed ? static_cast<uint64_t>(static_cast<int16_t>(x)) : x;
                break;
            }
            case 4: {
                uint32_t x = load<uint32_t>(q, order_);
                v = w.is_signed ? static_cast<uint64_t>(static_cast<int32_t>(x)) : x;
                break;
            }
            default: v = load<uint64_t>(q, order_); break;
        }
        e.d[i] = v;
    }
}

std::string_view TrcfmtAdapter::process_name(const Event& ev) const {
    const char* c = tep_data_comm_from_pid(session_.tep(), ev.pid);
    return c ? std::string_view(c) : std::string_view();
}

}  // namespace tk::tracedat
