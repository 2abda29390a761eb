// SPDX-License-Identifier: MIT
#pragma once
// The one error type every reader throws. It always knows which file and which
// byte offset went wrong, so the CLI can print a one-line, actionable message.
#include <cstdint>
#include <stdexcept>
#include <string>

namespace tk {

class FormatError : public std::runtime_error {
public:
    FormatError(std::string file, uint64_t offset, std::string message);

    const std::string& file() const { return file_; }
    uint64_t offset() const { return offset_; }
    const std::string& message() const { return message_; }

private:
    std::string file_;
    uint64_t offset_;
    std::string message_;
};

// Plain failures that have no byte offset (cannot open, bad option value).
class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

std::string hex(uint64_t value);

}  // namespace tk
