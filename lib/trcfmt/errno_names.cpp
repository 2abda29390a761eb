// SPDX-License-Identifier: MIT
#include "trcfmt/errno_names.hpp"

namespace tk::trcfmt {

const char* errno_name(int64_t v) {
    static const char* const names[] = {
        nullptr,   "EPERM",  "ENOENT", "ESRCH",  "EINTR",  "EIO",    "ENXIO",  "E2BIG",   "ENOEXEC",
        "EBADF",   "ECHILD", "EAGAIN", "ENOMEM", "EACCES", "EFAULT", "ENOTBLK", "EBUSY",  "EEXIST",
        "EXDEV",   "ENODEV", "ENOTDIR", "EISDIR", "EINVAL", "ENFILE", "EMFILE", "ENOTTY", "ETXTBSY",
        "EFBIG",   "ENOSPC", "ESPIPE", "EROFS",  "EMLINK", "EPIPE",  "EDOM",   "ERANGE",
    };
    if (v <= 0 || v >= static_cast<int64_t>(sizeof names / sizeof names[0])) return nullptr;
    return names[v];
}

}  // namespace tk::trcfmt
