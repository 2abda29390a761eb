// SPDX-License-Identifier: MIT
#pragma once
// The table of format codes and built-in names: which words are codes, which
// lengths each code accepts, and what base its match and flag values use.
// Parser and evaluator both consult it, so the rules live in one place.
#include <optional>
#include <string>
#include <string_view>

#include "trcfmt/ast.hpp"

namespace tk::trcfmt {

// nullopt: the word is not shaped like a format code at all.
// A code with a bad length (D3, X17, F2) yields a FormatCode and sets `error`.
std::optional<FormatCode> parse_code(std::string_view word, std::string& error);

// Does this code print (true) or only move the DATA POINTER (G O R W)?
bool code_moves_only(CodeKind k);
// Can this code be used as a number (SWITCH/LOOP/BITFLAGS/{{ }})?
bool code_has_value(CodeKind k);

// The built-in macro of this name, or nullopt for a user macro.
std::optional<RegId> builtin_register(std::string_view name);
const char* register_name(RegId id);
bool register_is_control(RegId id);   // BREAK SKIP STOP ERROR DEFAULT
bool register_is_string(RegId id);    // LOGFILE EXECPATH SVC
bool register_is_writable(RegId id);  // macros, DATAPOINTER, BASEPOINTER

// How a register prints with no %format.
enum class RegStyle : uint8_t { hex4, decimal, hook, text };
RegStyle register_style(RegId id);

// The base of SWITCH match values and BITFLAGS values for a selector:
// 16 hex, 10 decimal, 8 octal, 2 binary, 0 text.
int selector_base(const Selector& s);

std::optional<Builtin> builtin_function(std::string_view name);
// Allowed argument counts.
std::pair<int, int> builtin_arity(Builtin b);

// Is `s` 3 or 4 hex digits (a hook ID / template subroutine name)?
bool is_hook_id(std::string_view s);
// "010" -> 0x0100, "0100" -> 0x0100, "F5F1" -> 0xF5F1.
uint16_t hook_key_of(std::string_view s);

// Parse an unsigned number in `base` (a 0x prefix always means hex).
std::optional<uint64_t> parse_number(std::string_view s, int base);

}  // namespace tk::trcfmt
