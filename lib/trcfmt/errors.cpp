// SPDX-License-Identifier: MIT
#include "trcfmt/errors.hpp"

#include <cstdio>

namespace tk::trcfmt {

std::string TemplateDiagnostic::str() const {
    return file + ":" + std::to_string(pos.line) + ":" + std::to_string(pos.col) + ": " + message;
}

TemplateError::TemplateError(TemplateDiagnostic d) : std::runtime_error(d.str()), d_(std::move(d)) {}

std::string hook_name(uint16_t key) {
    char buf[8];
    if (key < 0x1000 && (key & 0xF) == 0) std::snprintf(buf, sizeof buf, "%03X", key >> 4);
    else std::snprintf(buf, sizeof buf, "%04X", key);
    return buf;
}

static std::string runtime_text(uint16_t hook, uint64_t offset, const std::string& message) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(offset));
    return "hook " + hook_name(hook) + ": entry offset " + buf + ": " + message;
}

RuntimeError::RuntimeError(uint16_t hook_key, uint64_t offset, const std::string& message)
    : std::runtime_error(runtime_text(hook_key, offset, message)), hook_(hook_key), offset_(offset), message_(message) {}

}  // namespace tk::trcfmt
