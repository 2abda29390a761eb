// SPDX-License-Identifier: MIT
#include "tracekit/output.hpp"

#include <unistd.h>

#include <cerrno>

namespace tk {

void Output::flush() {
    const char* p = buf_.data();
    size_t n = buf_.size();
    while (n && ok_) {
        ssize_t w = ::write(fd_, p, n);
        if (w < 0) {
            if (errno == EINTR) continue;
            ok_ = false;
            break;
        }
        p += w;
        n -= static_cast<size_t>(w);
    }
    buf_.clear();
}

}  // namespace tk
