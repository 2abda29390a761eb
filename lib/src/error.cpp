// SPDX-License-Identifier: MIT
#include "tracekit/error.hpp"

#include <cstdio>

namespace tk {

std::string hex(uint64_t value) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(value));
    return buf;
}

static std::string compose(const std::string& file, uint64_t offset, const std::string& message) {
    return file + ": offset " + hex(offset) + ": " + message;
}

FormatError::FormatError(std::string file, uint64_t offset, std::string message)
    : std::runtime_error(compose(file, offset, message)),
      file_(std::move(file)), offset_(offset), message_(std::move(message)) {}

}  // namespace tk
