// SPDX-License-Identifier: MIT
#pragma once
// Buffered output to a file descriptor: renderers append text, it is written
// in large blocks. Write errors (EPIPE, ENOSPC) are reported once by ok().
#include <cstddef>
#include <string>
#include <string_view>

namespace tk {

class Output {
public:
    explicit Output(int fd) : fd_(fd) { buf_.reserve(kBlock + 4096); }
    ~Output() { flush(); }
    Output(const Output&) = delete;
    Output& operator=(const Output&) = delete;

    void put(std::string_view s) {
        buf_.append(s);
        if (buf_.size() >= kBlock) flush();
    }
    void put(char c) {
        buf_.push_back(c);
        if (buf_.size() >= kBlock) flush();
    }
    std::string& buffer() { return buf_; }  // for in-place formatting; call maybe_flush() after
    void maybe_flush() {
        if (buf_.size() >= kBlock) flush();
    }
    void flush();
    bool ok() const { return ok_; }

private:
    static constexpr size_t kBlock = 1 << 16;
    int fd_;
    std::string buf_;
    bool ok_ = true;
};

}  // namespace tk
