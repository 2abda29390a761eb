// SPDX-License-Identifier: MIT
#include "trcfmt/codes.hpp"

#include <cctype>
#include <charconv>

namespace tk::trcfmt {

namespace {

bool all_digits(std::string_view s) {
    if (s.empty()) return false;
    for (char c : s)
        if (c < '0' || c > '9') return false;
    return true;
}

}  // namespace

std::optional<FormatCode> parse_code(std::string_view w, std::string& error) {
    error.clear();
    FormatCode fc;
    fc.text = std::string(w);
    if (w == "HB" || w == "HT") {
        fc.kind = w == "HB" ? CodeKind::HB : CodeKind::HT;
        return fc;
    }
    if (w.size() < 2) return std::nullopt;
    switch (w[0]) {
        case 'G': fc.kind = CodeKind::G; break;
        case 'O': fc.kind = CodeKind::O; break;
        case 'R': fc.kind = CodeKind::R; break;
        case 'W': fc.kind = CodeKind::W; break;
        case 'A': fc.kind = CodeKind::A; break;
        case 'B': fc.kind = CodeKind::B; break;
        case 'X': fc.kind = CodeKind::X; break;
        case 'D': fc.kind = CodeKind::D; break;
        case 'U': fc.kind = CodeKind::U; break;
        case 'o': fc.kind = CodeKind::Oct; break;
        case 'F': fc.kind = CodeKind::F; break;
        case 'S': fc.kind = CodeKind::S; break;
        case 'T': fc.kind = CodeKind::T; break;
        case 'E': fc.kind = CodeKind::E; break;
        case 'P': fc.kind = CodeKind::P; break;
        default: return std::nullopt;
    }
    std::string_view rest = w.substr(1);
    std::string_view ms = rest, ns;
    if (auto dot = rest.find('.'); dot != std::string_view::npos) {
        ms = rest.substr(0, dot);
        ns = rest.substr(dot + 1);
        if (!all_digits(ns)) return std::nullopt;
        fc.has_n = true;
    }
    if (!all_digits(ms)) return std::nullopt;
    if (ms.size() > 6 || ns.size() > 6) {
        error = "format code " + fc.text + ": number too large";
        return fc;
    }
    std::from_chars(ms.data(), ms.data() + ms.size(), fc.m);
    if (fc.has_n) std::from_chars(ns.data(), ns.data() + ns.size(), fc.n);

    auto bad = [&](const char* rule) { error = "format code " + fc.text + ": " + rule; };
    bool n_allowed = fc.kind == CodeKind::G || fc.kind == CodeKind::O || fc.kind == CodeKind::A || fc.kind == CodeKind::B;
    if (fc.has_n && !n_allowed) {
        bad("takes no '.n' part");
        return fc;
    }
    auto one_of = [&](std::initializer_list<uint32_t> ok) {
        for (uint32_t v : ok)
            if (fc.m == v) return true;
        return false;
    };
    switch (fc.kind) {
        case CodeKind::G:
        case CodeKind::O:
            if (fc.n > 7) bad("the bit part n must be 0..7");
            break;
        case CodeKind::B:
            if (fc.n > 7) bad("the bit part n must be 0..7");
            else if (fc.m * 8 + fc.n > 64) bad("at most 64 bits (B8.0)");
            else if (fc.m == 0 && fc.n == 0) bad("reads no bits");
            break;
        case CodeKind::A:
            if (fc.m > 4096 || fc.n > 4096) bad("length and width are at most 4096");
            break;
        case CodeKind::X:
            if (fc.m > 16) bad("length must be 0..16 bytes");
            break;
        case CodeKind::D:
        case CodeKind::U:
        case CodeKind::Oct:
            if (!one_of({1, 2, 4, 8})) bad("length must be 1, 2, 4 or 8");
            break;
        case CodeKind::F:
            if (!one_of({4, 8})) bad("only F4 and F8 exist");
            break;
        case CodeKind::S:
            if (!one_of({1, 2, 4})) bad("only S1, S2 and S4 exist");
            break;
        case CodeKind::T:
            if (fc.m != 4) bad("only T4 exists");
            break;
        case CodeKind::E:
            if (!one_of({1, 2, 4})) bad("only E1, E2 and E4 exist");
            break;
        case CodeKind::P:
            if (fc.m != 4) bad("only P4 exists");
            break;
        default: break;
    }
    return fc;
}

bool code_moves_only(CodeKind k) {
    return k == CodeKind::G || k == CodeKind::O || k == CodeKind::R || k == CodeKind::W;
}

bool code_has_value(CodeKind k) {
    switch (k) {
        case CodeKind::B: case CodeKind::X: case CodeKind::D: case CodeKind::U: case CodeKind::Oct:
        case CodeKind::E: case CodeKind::P: case CodeKind::T: case CodeKind::HB: case CodeKind::HT:
            return true;
        default: return false;
    }
}

namespace {
struct RegName {
    const char* name;
    RegId id;
};
constexpr RegName kRegs[] = {
    {"BASEPOINTER", RegId::BASEPOINTER}, {"DATAPOINTER", RegId::DATAPOINTER},
    {"D1", RegId::D1}, {"D2", RegId::D2}, {"D3", RegId::D3}, {"D4", RegId::D4}, {"D5", RegId::D5},
    {"L1", RegId::L1}, {"L2", RegId::L2},
    {"HB", RegId::HB}, {"HD", RegId::HD}, {"HL", RegId::HL}, {"HT", RegId::HT},
    {"LOGID0", RegId::LOGID0}, {"LOGIDX", RegId::LOGIDX}, {"LOGFILE", RegId::LOGFILE},
    {"RELLINENO", RegId::RELLINENO}, {"PID", RegId::PID}, {"TID", RegId::TID}, {"CPUID", RegId::CPUID},
    {"SVC", RegId::SVC}, {"EXECPATH", RegId::EXECPATH}, {"TRACEID", RegId::TRACEID},
    {"HOOKENV", RegId::HOOKENV}, {"TRACEENV", RegId::TRACEENV}, {"GENERIC", RegId::GENERIC},
    {"BREAK", RegId::BREAK}, {"SKIP", RegId::SKIP}, {"STOP", RegId::STOP}, {"ERROR", RegId::ERROR},
    {"DEFAULT", RegId::DEFAULT},
};
}  // namespace

std::optional<RegId> builtin_register(std::string_view name) {
    for (const auto& r : kRegs)
        if (name == r.name) return r.id;
    return std::nullopt;
}

const char* register_name(RegId id) {
    for (const auto& r : kRegs)
        if (r.id == id) return r.name;
    return "macro";
}

bool register_is_control(RegId id) {
    return id == RegId::BREAK || id == RegId::SKIP || id == RegId::STOP || id == RegId::ERROR || id == RegId::DEFAULT;
}
bool register_is_string(RegId id) { return id == RegId::LOGFILE || id == RegId::EXECPATH || id == RegId::SVC; }
bool register_is_writable(RegId id) {
    return id == RegId::macro || id == RegId::DATAPOINTER || id == RegId::BASEPOINTER;
}

RegStyle register_style(RegId id) {
    switch (id) {
        case RegId::PID: case RegId::TID: case RegId::CPUID: case RegId::RELLINENO:
        case RegId::HOOKENV: case RegId::TRACEENV:
            return RegStyle::decimal;
        case RegId::TRACEID: return RegStyle::hook;
        case RegId::LOGFILE: case RegId::EXECPATH: case RegId::SVC: return RegStyle::text;
        default: return RegStyle::hex4;
    }
}

int selector_base(const Selector& s) {
    if (s.is_register && !s.has_format) return register_style(s.reg.id) == RegStyle::decimal ? 10 : 16;
    switch (s.code.kind) {
        case CodeKind::X: case CodeKind::HB: case CodeKind::HT: return 16;
        case CodeKind::Oct: return 8;
        case CodeKind::B: return 2;
        case CodeKind::A: case CodeKind::S: return 0;
        default: return 10;
    }
}

namespace {
struct FnName {
    const char* name;
    Builtin fn;
    int lo, hi;
};
constexpr FnName kFns[] = {
    {"buftofilename", Builtin::buftofilename, 0, 1},
    {"fdinstall", Builtin::fdinstall, 0, 1},
    {"fdtofilename", Builtin::fdtofilename, 0, 1},
    {"flih", Builtin::flih, 0, 0},
    {"lookuppninstall1", Builtin::lookuppninstall1, 0, 0},
    {"lookuppninstall2", Builtin::lookuppninstall2, 0, 1},
    {"pfsrdwrinstall1", Builtin::pfsrdwrinstall1, 0, 1},
    {"pfsrdwrinstall2", Builtin::pfsrdwrinstall2, 0, 2},
    {"resume", Builtin::resume, 0, 0},
    {"setdelim", Builtin::setdelim, 0, 0},
    {"slihlookup", Builtin::slihlookup, 0, 1},
    {"sidtofilename", Builtin::sidtofilename, 0, 1},
    {"vmbufinstall", Builtin::vmbufinstall, 0, 2},
    {"vnodetofilename", Builtin::vnodetofilename, 0, 1},
    {"v-nodetofilename", Builtin::vnodetofilename, 0, 1},
    {"vpagetofilename", Builtin::vpagetofilename, 0, 2},
};
}  // namespace

std::optional<Builtin> builtin_function(std::string_view name) {
    for (const auto& f : kFns)
        if (name == f.name) return f.fn;
    return std::nullopt;
}

std::pair<int, int> builtin_arity(Builtin b) {
    for (const auto& f : kFns)
        if (f.fn == b) return {f.lo, f.hi};
    return {0, 0};
}

bool is_hook_id(std::string_view s) {
    if (s.size() != 3 && s.size() != 4) return false;
    for (char c : s)
        if (!std::isxdigit(static_cast<unsigned char>(c))) return false;
    return true;
}

uint16_t hook_key_of(std::string_view s) {
    unsigned v = 0;
    std::from_chars(s.data(), s.data() + s.size(), v, 16);
    return static_cast<uint16_t>(s.size() == 3 ? v << 4 : v);
}

std::optional<uint64_t> parse_number(std::string_view s, int base) {
    if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        s.remove_prefix(2);
        base = 16;
    }
    if (s.empty() || base == 0) return std::nullopt;
    uint64_t v = 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v, base);
    if (ec != std::errc() || p != s.data() + s.size()) return std::nullopt;
    return v;
}

}  // namespace tk::trcfmt
