// SPDX-License-Identifier: MIT
#pragma once
// The parsed form of a trcfmt template. The parser resolves everything it can
// (format code lengths, register names, macro slots, flag values) so the
// evaluator only walks the tree and reads bytes.
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "trcfmt/errors.hpp"

namespace tk::trcfmt {

// Format codes. The letter decides what is read and how it prints; m and n are
// the numbers after it (`A10.20`: m=10, n=20).
enum class CodeKind : uint8_t {
    G,      // Gm.n  set DATA POINTER to byte m, bit n
    O,      // Om.n  advance DATA POINTER by m bytes n bits
    R,      // Rm    move DATA POINTER back m bytes
    W,      // Wm    DATA POINTER to word m (4- or 8-byte words)
    A,      // Am.n  ASCII, m bytes, field width n; A0/A1 = one char without/with separator
    B,      // Bm.n  binary digits of m bytes n bits, bit-aligned
    X,      // Xm    hex of m bytes; X0/X1 = one byte without/with separator
    D,      // Dm    signed decimal, m = 1 2 4 8
    U,      // Um    unsigned decimal
    Oct,    // om    octal (lowercase o)
    F,      // F4 F8 float / double
    S,      // S1 S2 S4 length-prefixed string
    T,      // T4    date and time
    E,      // E1 E2 E4 errno name
    P,      // P4    process id -> exec path
    HB,     // hook data as byte count (= $HB)
    HT,     // hook type (= $HT)
};

struct FormatCode {
    CodeKind kind = CodeKind::X;
    uint32_t m = 0;
    uint32_t n = 0;
    bool has_n = false;
    SourcePos pos;
    std::string text;  // as written, for messages
};

// Registers: the built-in macros, and user macros (slot numbers).
enum class RegId : uint8_t {
    macro,  // user macro: slot
    BASEPOINTER, DATAPOINTER,
    D1, D2, D3, D4, D5, L1, L2,
    HB, HD, HL, HT,
    LOGID0, LOGIDX, LOGFILE, RELLINENO,
    PID, TID, CPUID, SVC, EXECPATH, TRACEID, HOOKENV, TRACEENV, GENERIC,
    // Control macros: act rather than hold a value.
    BREAK, SKIP, STOP, ERROR, DEFAULT,
};

struct RegRef {
    RegId id = RegId::macro;
    uint16_t slot = 0;  // user macros
    std::string name;   // as written, without '$'
    SourcePos pos;
};

// Something that yields a value: a format code reading the entry, or a
// register, optionally shown through a format code (`$HD%D1`).
struct Selector {
    bool is_register = false;
    FormatCode code;             // when !is_register, or the %format of a register
    bool has_format = false;     // register with %format
    RegRef reg;
    SourcePos pos;
};

// Expressions inside {{ }} and function arguments, as a small node array.
struct ExprNode {
    enum class Op : uint8_t { constant, code, reg, add, sub, mul, div, neg } op = Op::constant;
    uint64_t value = 0;
    FormatCode code;
    RegRef reg;
    bool has_format = false;  // reg with %format
    int32_t lhs = -1, rhs = -1;
    SourcePos pos;
};

struct Expr {
    std::vector<ExprNode> nodes;
    int32_t root = -1;
};

struct Item;
using Descriptor = std::vector<Item>;

struct TextItem {
    std::string text;          // escapes already resolved (\n \t)
    bool space_before = false; // blank(s) in the template before it
};
struct CodeItem { FormatCode code; };
struct RegItem { Selector sel; };  // print a register, maybe through %format
struct AssignItem { RegRef target; Expr expr; };

enum class MatchKind : uint8_t { number, text, wildcard };
struct Case {
    MatchKind kind = MatchKind::number;
    uint64_t number = 0;
    std::string text;
    Descriptor body;
    SourcePos pos;
};
struct SwitchItem { Selector sel; std::vector<Case> cases; };
struct LoopItem { Selector sel; Descriptor body; };

struct Flag {
    bool masked = false;   // '& mask value "on"'
    uint64_t mask = 0;
    uint64_t value = 0;
    std::string on;
    std::optional<std::string> off;
};
struct BitflagsItem { Selector sel; std::vector<Flag> flags; };

struct CallItem { uint16_t hook_key = 0; std::string name; };  // template subroutine $1A5

enum class Builtin : uint8_t {
    buftofilename, fdinstall, fdtofilename, flih, lookuppninstall1, lookuppninstall2,
    pfsrdwrinstall1, pfsrdwrinstall2, resume, setdelim, slihlookup, sidtofilename,
    vmbufinstall, vnodetofilename, vpagetofilename,
};
struct FuncItem { Builtin fn; std::string name; std::vector<Expr> args; };

struct GroupItem { Descriptor body; };  // a bare { descriptor }

struct Item {
    SourcePos pos;
    std::variant<TextItem, CodeItem, RegItem, AssignItem, SwitchItem, LoopItem, BitflagsItem, CallItem,
                 FuncItem, GroupItem>
        node;
};

enum class Level : uint8_t { APPL = 0, SVC = 1, KERN = 2, INT = 3 };

struct Template {
    uint16_t hook_key = 0;          // 16-bit: "010" -> 0x0100, "F5F1" -> 0xF5F1
    std::string id_text;            // as written
    std::string version;            // as written, "1.0"
    std::vector<uint32_t> version_parts;
    Level level = Level::KERN;
    std::string label;
    Descriptor body;
    std::vector<std::string> macros;  // slot -> name, in order of first appearance
    std::string file;
    SourcePos pos;
};

}  // namespace tk::trcfmt
