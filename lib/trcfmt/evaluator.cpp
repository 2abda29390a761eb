// SPDX-License-Identifier: MIT
#include "trcfmt/evaluator.hpp"

#include <bit>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <ctime>

#include "trcfmt/codes.hpp"
#include "trcfmt/errno_names.hpp"

namespace tk::trcfmt {

namespace {

uint64_t mask_bytes(uint64_t v, uint32_t m) { return m >= 8 ? v : v & ((uint64_t{1} << (8 * m)) - 1); }
uint64_t sign_extend(uint64_t v, uint32_t bits) {
    if (bits >= 64 || bits == 0) return v;
    uint64_t sign = uint64_t{1} << (bits - 1);
    v &= (uint64_t{1} << bits) - 1;
    return (v ^ sign) - sign;
}
// Bytes a format code reads when used on its own. X0/X1/A0/A1 read one byte.
uint32_t value_bytes(const FormatCode& c) { return c.m == 0 ? 1 : c.m; }

void append_printable(std::string& s, const uint8_t* p, size_t n, bool stop_at_nul) {
    for (size_t i = 0; i < n; ++i) {
        uint8_t b = p[i];
        if (b == 0 && stop_at_nul) break;
        s.push_back(b >= 0x20 && b < 0x7f ? static_cast<char>(b) : '.');
    }
}

}  // namespace

Evaluator::Evaluator(const TemplateSet& set, TraceState& state, EvalOptions options)
    : set_(set), state_(state), opt_(options) {}

// ---- errors and budgets ----------------------------------------------------

std::string Evaluator::where(const SourcePos& p) const {
    return "(" + (cur_ ? cur_->file : std::string("template")) + ":" + std::to_string(p.line) + ":" + std::to_string(p.col) + ")";
}

void Evaluator::fail(uint64_t offset, const std::string& message) const {
    throw RuntimeError(e_ ? e_->hook_key : 0, offset, message);
}

void Evaluator::step() {
    if (++steps_ > opt_.max_steps)
        fail(pos_byte(), "template ran more than " + std::to_string(opt_.max_steps) + " steps (endless LOOP or subroutine recursion?)");
    if (w_.size() > opt_.max_output)
        fail(pos_byte(), "event text exceeds " + std::to_string(opt_.max_output) + " bytes");
}

// ---- the DATA POINTER ------------------------------------------------------

void Evaluator::move_to(int64_t bits, const char* what, const SourcePos& pos) {
    const int64_t limit = static_cast<int64_t>(e_->bytes.size() - std::min<uint64_t>(base_, e_->bytes.size())) * 8;
    if (bits < 0 || bits > limit) {
        fail(bits < 0 ? base_ : base_ + static_cast<uint64_t>(bits) / 8,
             std::string(what) + " " + where(pos) + " moves the DATA POINTER to " + (bits < 0 ? "-" : "") +
                 std::to_string((bits < 0 ? -bits : bits) / 8) + (bits % 8 ? "." + std::to_string((bits < 0 ? -bits : bits) % 8) : "") +
                 ", outside the entry (" + std::to_string(e_->bytes.size()) + " bytes)");
    }
    dp_bits_ = static_cast<uint64_t>(bits);
}

const uint8_t* Evaluator::take(uint64_t n, const FormatCode& c) {
    dp_bits_ = (dp_bits_ + 7) / 8 * 8;  // every code but B starts on a byte boundary
    uint64_t at = base_ + dp_bits_ / 8;
    uint64_t size = e_->bytes.size();
    if (at > size || n > size - at) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "0x%" PRIx64, size);
        fail(at, c.text + " " + where(c.pos) + " needs " + std::to_string(n) + " byte" + (n == 1 ? "" : "s") +
                     " but the entry ends at " + buf);
    }
    dp_bits_ += n * 8;
    return e_->bytes.data() + at;
}

uint64_t Evaluator::take_uint(uint32_t m, const FormatCode& c) {
    const uint8_t* p = take(m, c);
    switch (m) {
        case 1: return p[0];
        case 2: return load<uint16_t>(p, e_->order);
        case 4: return load<uint32_t>(p, e_->order);
        case 8: return load<uint64_t>(p, e_->order);
        default: break;
    }
    uint64_t v = 0;  // odd widths (X3, X5..X7): assemble in the entry's byte order
    for (uint32_t i = 0; i < m; ++i) {
        uint32_t k = e_->order == ByteOrder::big ? i : m - 1 - i;
        v = (v << 8) | p[k];
    }
    return v;
}

uint64_t Evaluator::take_bits(uint32_t bits, const FormatCode& c) {
    uint64_t start = base_ * 8 + dp_bits_;
    uint64_t size_bits = e_->bytes.size() * 8;
    if (start > size_bits || bits > size_bits - start)
        fail(start / 8, c.text + " " + where(c.pos) + " needs " + std::to_string(bits) + " bits from bit " +
                            std::to_string(start % 8) + " but the entry ends at byte " + std::to_string(e_->bytes.size()));
    uint64_t v = 0;
    for (uint32_t i = 0; i < bits; ++i) {
        uint64_t b = start + i;  // bit 0 is the most significant bit of a byte
        v = (v << 1) | ((e_->bytes[b / 8] >> (7 - b % 8)) & 1u);
    }
    dp_bits_ += bits;
    return v;
}

// ---- registers -------------------------------------------------------------

uint64_t Evaluator::reg_value(const RegRef& r) {
    const EntryView& e = *e_;
    uint64_t v = 0;
    switch (r.id) {
        case RegId::macro:
            if (r.slot >= slot_set_.size() || !slot_set_[r.slot])
                fail(pos_byte(), "macro $" + r.name + " " + where(r.pos) + " is used before it is set");
            v = slots_[r.slot];
            break;
        case RegId::BASEPOINTER: v = base_; break;
        case RegId::DATAPOINTER: v = dp_bits_ / 8; break;
        case RegId::D1: v = e.d[0]; break;
        case RegId::D2: v = e.d[1]; break;
        case RegId::D3: v = e.d[2]; break;
        case RegId::D4: v = e.d[3]; break;
        case RegId::D5: v = e.d[4]; break;
        case RegId::L1: v = e.hook64 ? e.d[0] : (e.d[0] << 32) | (e.d[1] & 0xFFFFFFFFu); break;
        case RegId::L2: v = e.hook64 ? e.d[1] : (e.d[2] << 32) | (e.d[3] & 0xFFFFFFFFu); break;
        case RegId::HB: v = e.generic ? e.data_len : e.hook_data; break;
        case RegId::HD: v = e.hook_data; break;
        case RegId::HL: v = e.data_len; break;
        case RegId::HT: v = e.hook_type; break;
        case RegId::LOGID0: v = e.log_offset; break;
        case RegId::LOGIDX: v = e.log_offset + base_ + dp_bits_ / 8; break;
        case RegId::RELLINENO: v = w_.lines(); break;
        case RegId::PID: v = static_cast<uint64_t>(e.pid); break;
        case RegId::TID: v = static_cast<uint64_t>(e.tid); break;
        case RegId::CPUID: v = static_cast<uint64_t>(static_cast<int64_t>(e.cpu)); break;
        case RegId::TRACEID: v = e.hook_key; break;
        case RegId::HOOKENV: v = e.hook64 ? 64 : 32; break;
        case RegId::TRACEENV: v = e.trace64 ? 64 : 32; break;
        case RegId::GENERIC: v = e.generic ? 1 : 0; break;
        default: fail(pos_byte(), "$" + r.name + " " + where(r.pos) + " has no numeric value");
    }
    note(v);
    return v;
}

void Evaluator::assign(const RegRef& r, uint64_t v) {
    switch (r.id) {
        case RegId::macro:
            slots_[r.slot] = v;
            slot_set_[r.slot] = 1;
            break;
        case RegId::DATAPOINTER:
            if (v > e_->bytes.size())
                fail(base_, "$DATAPOINTER " + where(r.pos) + " = " + std::to_string(static_cast<int64_t>(v)) +
                                " is outside the entry (" + std::to_string(e_->bytes.size()) + " bytes)");
            move_to(static_cast<int64_t>(v) * 8, "$DATAPOINTER", r.pos);
            break;
        case RegId::BASEPOINTER:
            if (v > e_->bytes.size())
                fail(v, "$BASEPOINTER " + where(r.pos) + " = " + std::to_string(v) + " is outside the entry (" +
                            std::to_string(e_->bytes.size()) + " bytes)");
            base_ = v;
            break;
        default: fail(pos_byte(), "$" + r.name + " cannot be assigned");
    }
}

// ---- reading values --------------------------------------------------------

uint64_t Evaluator::read_code_value(const FormatCode& c) {
    uint64_t v = 0;
    switch (c.kind) {
        case CodeKind::X:
            if (c.m > 8) fail(pos_byte(), c.text + " " + where(c.pos) + " is wider than 64 bits and has no numeric value");
            v = take_uint(value_bytes(c), c);
            break;
        case CodeKind::D: v = sign_extend(take_uint(c.m, c), 8 * c.m); break;
        case CodeKind::U: case CodeKind::Oct: case CodeKind::E: case CodeKind::P: case CodeKind::T:
            v = take_uint(c.m, c);
            break;
        case CodeKind::B: v = take_bits(c.m * 8 + c.n, c); break;
        case CodeKind::HB: return reg_value(RegRef{RegId::HB, 0, "HB", c.pos});
        case CodeKind::HT: return reg_value(RegRef{RegId::HT, 0, "HT", c.pos});
        default: fail(pos_byte(), c.text + " " + where(c.pos) + " has no numeric value");
    }
    note(v);
    return v;
}

// Narrow a register value through %code (the low m bytes, signed for D).
static uint64_t narrow(const FormatCode& c, uint64_t v) {
    switch (c.kind) {
        case CodeKind::D: return sign_extend(v, 8 * c.m);
        case CodeKind::B: return mask_bytes(v, 8) & (c.m * 8 + c.n >= 64 ? ~uint64_t{0} : (uint64_t{1} << (c.m * 8 + c.n)) - 1);
        case CodeKind::F: return v;
        default: return mask_bytes(v, value_bytes(c));
    }
}

Evaluator::Value Evaluator::select(const Selector& s) {
    if (s.is_register) {
        uint64_t v = reg_value(s.reg);
        return {s.has_format ? narrow(s.code, v) : v, false};
    }
    const FormatCode& c = s.code;
    if (c.kind == CodeKind::A || c.kind == CodeKind::S) {
        last_string_.clear();
        if (c.kind == CodeKind::A) {
            uint32_t n = value_bytes(c);
            append_printable(last_string_, take(n, c), n, true);
        } else {
            uint64_t len = take_uint(c.m, c);
            append_printable(last_string_, take(len, c), len, true);
        }
        return {0, true};
    }
    return {read_code_value(c), false};
}

uint64_t Evaluator::eval(const Expr& x, int32_t i) {
    const ExprNode& n = x.nodes[static_cast<size_t>(i)];
    switch (n.op) {
        case ExprNode::Op::constant: return n.value;
        case ExprNode::Op::code: return read_code_value(n.code);
        case ExprNode::Op::reg: {
            uint64_t v = reg_value(n.reg);
            return n.has_format ? narrow(n.code, v) : v;
        }
        case ExprNode::Op::neg: return uint64_t{0} - eval(x, n.lhs);
        default: break;
    }
    uint64_t a = eval(x, n.lhs), b = eval(x, n.rhs);
    switch (n.op) {
        case ExprNode::Op::add: return a + b;
        case ExprNode::Op::sub: return a - b;
        case ExprNode::Op::mul: return a * b;
        case ExprNode::Op::div: {
            if (b == 0) fail(pos_byte(), "division by zero in a macro expression " + where(n.pos));
            int64_t sa = static_cast<int64_t>(a), sb = static_cast<int64_t>(b);
            if (sa == INT64_MIN && sb == -1) return a;  // wraps, as the hardware would
            return static_cast<uint64_t>(sa / sb);
        }
        default: return 0;
    }
}

// ---- output ----------------------------------------------------------------

void Evaluator::emit_value(const FormatCode& c, uint64_t v) {
    char buf[96];
    const uint32_t m = value_bytes(c);
    scratch_.clear();
    switch (c.kind) {
        case CodeKind::D:
            std::snprintf(buf, sizeof buf, "%" PRId64, static_cast<int64_t>(sign_extend(v, 8 * m)));
            scratch_ = buf;
            break;
        case CodeKind::U:
            std::snprintf(buf, sizeof buf, "%" PRIu64, mask_bytes(v, m));
            scratch_ = buf;
            break;
        case CodeKind::Oct:
            std::snprintf(buf, sizeof buf, "%" PRIo64, mask_bytes(v, m));
            scratch_ = buf;
            break;
        case CodeKind::X:
            std::snprintf(buf, sizeof buf, "%0*" PRIX64, static_cast<int>(2 * std::min<uint32_t>(m, 8)), mask_bytes(v, m));
            scratch_ = buf;
            break;
        case CodeKind::B: {
            uint32_t bits = c.m * 8 + c.n;
            for (uint32_t i = bits; i-- > 0;) scratch_.push_back(((v >> i) & 1u) ? '1' : '0');
            break;
        }
        case CodeKind::F:
            if (c.m == 4) std::snprintf(buf, sizeof buf, "%.4E", static_cast<double>(std::bit_cast<float>(static_cast<uint32_t>(v))));
            else std::snprintf(buf, sizeof buf, "%.8E", std::bit_cast<double>(v));
            scratch_ = buf;
            break;
        case CodeKind::E: {
            int64_t n = static_cast<int64_t>(sign_extend(v, 8 * m));
            if (const char* name = errno_name(n)) scratch_ = name;
            else {
                std::snprintf(buf, sizeof buf, "%" PRId64, n);
                scratch_ = buf;
            }
            break;
        }
        case CodeKind::T: {
            std::time_t t = static_cast<std::time_t>(static_cast<uint32_t>(v));
            std::tm tm{};
            gmtime_r(&t, &tm);
            std::strftime(buf, sizeof buf, "%a %b %e %H:%M:%S %Y", &tm);
            scratch_ = buf;
            break;
        }
        case CodeKind::P: {
            auto it = state_.exec_paths.find(static_cast<int64_t>(static_cast<uint32_t>(v)));
            if (it == state_.exec_paths.end()) return;  // unknown pid: print nothing
            w_.field(it->second, true);
            return;
        }
        default: {
            std::snprintf(buf, sizeof buf, "%04" PRIX64, v);
            scratch_ = buf;
        }
    }
    w_.field(scratch_, true);
}

void Evaluator::emit_code(const FormatCode& c) {
    const auto& pos = c.pos;
    switch (c.kind) {
        case CodeKind::G: move_to(static_cast<int64_t>(c.m) * 8 + c.n, c.text.c_str(), pos); return;
        case CodeKind::O: move_to(static_cast<int64_t>(dp_bits_) + static_cast<int64_t>(c.m) * 8 + c.n, c.text.c_str(), pos); return;
        case CodeKind::R: move_to(static_cast<int64_t>(dp_bits_) - static_cast<int64_t>(c.m) * 8, c.text.c_str(), pos); return;
        case CodeKind::W: move_to(static_cast<int64_t>(c.m) * e_->word_size() * 8, c.text.c_str(), pos); return;
        case CodeKind::A: {
            uint32_t n = value_bytes(c);
            last_string_.clear();
            append_printable(last_string_, take(n, c), n, true);
            if (c.has_n && last_string_.size() < c.n) last_string_.append(c.n - last_string_.size(), ' ');
            w_.field(last_string_, c.m != 0);
            return;
        }
        case CodeKind::S: {
            uint64_t len = take_uint(c.m, c);
            last_string_.clear();
            append_printable(last_string_, take(len, c), len, true);
            w_.field(last_string_, true);
            return;
        }
        case CodeKind::X: {
            if (c.m <= 1) {
                uint64_t v = take_uint(1, c);
                note(v);
                char buf[4];
                std::snprintf(buf, sizeof buf, "%02X", static_cast<unsigned>(v));
                w_.field(buf, c.m != 0);
                return;
            }
            if (c.m > 8) {
                const uint8_t* p = take(c.m, c);
                scratch_.clear();
                char buf[4];
                for (uint32_t i = 0; i < c.m; ++i) {
                    std::snprintf(buf, sizeof buf, "%02X", p[i]);
                    scratch_ += buf;
                }
                w_.field(scratch_, true);
                return;
            }
            emit_value(c, read_code_value(c));
            return;
        }
        case CodeKind::F: emit_value(c, take_uint(c.m, c)); return;
        case CodeKind::HB:
        case CodeKind::HT: {
            FormatCode hex{CodeKind::X, 2, 0, false, c.pos, c.text};
            emit_value(hex, read_code_value(c));
            return;
        }
        default: emit_value(c, read_code_value(c)); return;
    }
}

void Evaluator::emit_register(const Selector& s) {
    const RegRef& r = s.reg;
    if (register_is_string(r.id)) {
        const std::string* text = nullptr;
        if (r.id == RegId::LOGFILE) text = &state_.logfile;
        else if (r.id == RegId::EXECPATH) {
            auto it = state_.exec_paths.find(e_->pid);
            if (it != state_.exec_paths.end()) text = &it->second;
        } else {
            auto it = state_.svc_names.find(e_->tid);
            if (it != state_.svc_names.end()) text = &it->second;
        }
        if (text && !text->empty()) w_.field(*text, true);
        return;
    }
    uint64_t v = reg_value(r);
    if (s.has_format) {
        emit_value(s.code, v);
        return;
    }
    char buf[32];
    switch (register_style(r.id)) {
        case RegStyle::decimal: std::snprintf(buf, sizeof buf, "%" PRId64, static_cast<int64_t>(v)); break;
        case RegStyle::hook: std::snprintf(buf, sizeof buf, "%s", hook_name(static_cast<uint16_t>(v)).c_str()); break;
        default: std::snprintf(buf, sizeof buf, "%04" PRIX64, v); break;
    }
    w_.field(buf, true);
}

void Evaluator::emit_error_text() {
    char buf[64];
    std::snprintf(buf, sizeof buf, "0x%" PRIx64, e_->log_offset);
    scratch_ = "ERROR: logfile " + (state_.logfile.empty() ? std::string("-") : state_.logfile) + " offset " + buf +
               " traceid " + hook_name(e_->hook_key);
    w_.text(scratch_, true);
}

void Evaluator::default_text(const EntryView& e, std::string& out) {
    char buf[64];
    out.clear();
    uint64_t hw = 0;
    if (e.bytes.size() >= e.word_size())
        hw = e.hook64 ? load<uint64_t>(e.bytes.data(), e.order) : load<uint32_t>(e.bytes.data(), e.order);
    std::snprintf(buf, sizeof buf, "traceid %04X hookword %0*" PRIX64, e.hook_key, e.hook64 ? 16 : 8, hw);
    out += buf;
    std::snprintf(buf, sizeof buf, " type %04X hookdata %04X", e.hook_type, e.hook_data);
    out += buf;
    for (unsigned i = 0; i < e.data_words && i < 5; ++i) {
        std::snprintf(buf, sizeof buf, " %0*" PRIX64, e.hook64 ? 16 : 8, e.d[i]);
        out += buf;
    }
}

void Evaluator::emit_default() {
    // $DEFAULT uses template 008 when there is one (and we are not in it already).
    if (const Template* t = set_.find(0x0080); t && cur_ != t) {
        call(0x0080, "008");
        return;
    }
    std::string text;
    default_text(*e_, text);
    w_.text(text, true);
}

// ---- walking the tree ------------------------------------------------------

Evaluator::Flow Evaluator::call(uint16_t key, const std::string& name) {
    const Template* t = set_.find(key);
    if (!t) fail(pos_byte(), "template subroutine $" + name + ": no template for hook " + hook_name(key));
    if (depth_ + 1 > opt_.max_subroutine_depth)
        fail(pos_byte(), "template subroutines nested deeper than " + std::to_string(opt_.max_subroutine_depth) +
                             " levels (at $" + name + ")");
    if (slots_.size() < t->macros.size()) {
        slots_.resize(t->macros.size());
        slot_set_.resize(t->macros.size());
    }
    const Template* saved = cur_;
    cur_ = t;
    ++depth_;
    Flow f = run(t->body);
    --depth_;
    cur_ = saved;
    return f;
}

Evaluator::Flow Evaluator::run(const Descriptor& d) {
    for (const Item& it : d) {
        Flow f = item(it);
        if (f != Flow::go) return f;
    }
    // $ERROR ends the template once the descriptor holding it is done.
    return error_pending_ ? Flow::brk : Flow::go;
}

Evaluator::Flow Evaluator::item(const Item& it) {
    step();
    return std::visit(
        [&](const auto& n) -> Flow {
            using T = std::decay_t<decltype(n)>;
            if constexpr (std::is_same_v<T, TextItem>) {
                w_.text(n.text, n.space_before);
            } else if constexpr (std::is_same_v<T, CodeItem>) {
                emit_code(n.code);
            } else if constexpr (std::is_same_v<T, RegItem>) {
                switch (n.sel.reg.id) {
                    case RegId::BREAK: return Flow::brk;
                    case RegId::SKIP: return Flow::skip;
                    case RegId::STOP: return Flow::stop;
                    case RegId::ERROR:
                        emit_error_text();
                        error_pending_ = error_ran_ = true;
                        return Flow::go;
                    case RegId::DEFAULT: emit_default(); return Flow::go;
                    default: emit_register(n.sel); return Flow::go;
                }
            } else if constexpr (std::is_same_v<T, AssignItem>) {
                assign(n.target, eval(n.expr, n.expr.root));
            } else if constexpr (std::is_same_v<T, SwitchItem>) {
                Value v = select(n.sel);
                for (const Case& c : n.cases) {
                    bool hit = c.kind == MatchKind::wildcard ||
                               (c.kind == MatchKind::number && !v.is_text && c.number == v.n) ||
                               (c.kind == MatchKind::text && v.is_text && c.text == last_string_) ||
                               (c.kind == MatchKind::text && !v.is_text && errno_name(static_cast<int64_t>(v.n)) &&
                                c.text == errno_name(static_cast<int64_t>(v.n)));
                    if (hit) return run(c.body);
                }
            } else if constexpr (std::is_same_v<T, LoopItem>) {
                uint64_t count = select(n.sel).n;
                if (static_cast<int64_t>(count) < 0 || count > opt_.max_loop)
                    fail(pos_byte(), "LOOP count " + std::to_string(static_cast<int64_t>(count)) + " " + where(it.pos) +
                                         " is outside 0.." + std::to_string(opt_.max_loop));
                for (uint64_t i = 0; i < count; ++i) {
                    step();
                    Flow f = run(n.body);
                    if (f != Flow::go) return f;
                }
            } else if constexpr (std::is_same_v<T, BitflagsItem>) {
                uint64_t v = select(n.sel).n;
                scratch_.clear();
                for (const Flag& f : n.flags) {
                    bool on = f.masked ? (v & f.mask) == f.value : f.value == 0 ? v == 0 : (v & f.value) == f.value;
                    if (on) scratch_ += f.on;
                    else if (f.off) scratch_ += *f.off;
                }
                if (!scratch_.empty()) w_.field(scratch_, true);
            } else if constexpr (std::is_same_v<T, CallItem>) {
                return call(n.hook_key, n.name);
            } else if constexpr (std::is_same_v<T, FuncItem>) {
                builtin(n);
            } else if constexpr (std::is_same_v<T, GroupItem>) {
                return run(n.body);
            }
            return Flow::go;
        },
        it.node);
}

RenderResult Evaluator::render(const EntryView& e, std::string& out) {
    const Template* t = set_.find(e.hook_key);
    if (!t) {
        default_text(e, out);
        return {Outcome::no_template, nullptr, false};
    }
    return render(*t, e, out);
}

RenderResult Evaluator::render(const Template& t, const EntryView& e, std::string& out) {
    e_ = &e;
    cur_ = &t;
    w_.reset(out, opt_.start_column, opt_.level_indent[static_cast<size_t>(t.level)]);
    size_t nslots = std::max(t.macros.size(), slots_.size());
    slots_.resize(nslots);
    slot_set_.assign(nslots, 0);
    dp_bits_ = uint64_t{e.initial_dp} * 8;
    base_ = 0;
    steps_ = 0;
    depth_ = 0;
    error_pending_ = error_ran_ = false;
    last_value_ = prev_value_ = 0;
    last_string_.clear();
    Flow f = run(t.body);
    RenderResult r{Outcome::printed, &t, error_ran_};
    if (f == Flow::skip) {
        out.clear();
        r.outcome = Outcome::skipped;
    } else if (f == Flow::stop) {
        out.clear();
        state_.stopped = true;
        r.outcome = Outcome::stop;
    }
    return r;
}

}  // namespace tk::trcfmt
