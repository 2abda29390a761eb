// SPDX-License-Identifier: MIT
#pragma once
// The two kinds of trcfmt failure. A template error is found while reading a
// template file and points at `file:line:col`; a runtime error is found while
// rendering one event and names the hook and the byte offset in the entry.
// They are separate types because callers treat them differently: a template
// error rejects the file, a runtime error spoils one event of the report.
#include <cstdint>
#include <stdexcept>
#include <string>

namespace tk::trcfmt {

// A position in a template file; line and column start at 1.
struct SourcePos {
    uint32_t line = 0;
    uint32_t col = 0;
};

struct TemplateDiagnostic {
    std::string file;
    SourcePos pos;
    std::string message;
    std::string str() const;  // "file:line:col: message"
};

// Thrown by the parser internally (and by TemplateSet::load_or_throw).
class TemplateError : public std::runtime_error {
public:
    explicit TemplateError(TemplateDiagnostic d);
    const TemplateDiagnostic& diagnostic() const { return d_; }

private:
    TemplateDiagnostic d_;
};

// Thrown by the evaluator; what() is the one-line message
// "hook 010: entry offset 0x1c: A10 needs 10 bytes but the entry ends at 0x20".
class RuntimeError : public std::runtime_error {
public:
    RuntimeError(uint16_t hook_key, uint64_t offset, const std::string& message);
    uint16_t hook_key() const { return hook_; }
    uint64_t offset() const { return offset_; }
    const std::string& message() const { return message_; }

private:
    uint16_t hook_;
    uint64_t offset_;
    std::string message_;
};

// "010" for 16-bit keys ending in 0 below 0x1000 (trcrpt prints hhh0 as hhh), else "F5F1".
std::string hook_name(uint16_t key);

}  // namespace tk::trcfmt
