// SPDX-License-Identifier: MIT
#include "tracekit/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "tracekit/error.hpp"

namespace tk {

bool same_file(const std::string& a, const std::string& b) {
    struct stat sa {}, sb {};
    if (::stat(a.c_str(), &sa) != 0 || ::stat(b.c_str(), &sb) != 0) return false;
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

AtomicFile::AtomicFile(std::string target) : target_(std::move(target)) {
    size_t slash = target_.rfind('/');
    std::string dir = slash == std::string::npos ? "." : target_.substr(0, slash == 0 ? 1 : slash);
    std::string name = slash == std::string::npos ? target_ : target_.substr(slash + 1);
    temp_ = dir + "/." + name + ".tmp-XXXXXX";
    fd_ = ::mkstemp(temp_.data());
    if (fd_ < 0) throw UsageError(target_ + ": cannot create a temporary file in " + dir + ": " + std::strerror(errno));
    buf_.reserve(1 << 20);
}

AtomicFile::~AtomicFile() {
    if (fd_ >= 0) ::close(fd_);
    if (!committed_) ::unlink(temp_.c_str());
}

void AtomicFile::flush() {
    const char* p = buf_.data();
    size_t n = buf_.size();
    while (n) {
        ssize_t w = ::write(fd_, p, n);
        if (w < 0) {
            if (errno == EINTR) continue;
            throw UsageError(target_ + ": write failed: " + std::strerror(errno));
        }
        p += w;
        n -= static_cast<size_t>(w);
    }
    flushed_ += buf_.size();
    buf_.clear();
}

void AtomicFile::write(std::string_view bytes) {
    buf_.append(bytes);
    size_ += bytes.size();
    if (buf_.size() >= (1 << 20)) flush();
}

void AtomicFile::patch(uint64_t offset, std::string_view bytes) {
    if (offset >= flushed_) {
        std::memcpy(buf_.data() + (offset - flushed_), bytes.data(), bytes.size());
        return;
    }
    flush();
    if (::pwrite(fd_, bytes.data(), bytes.size(), static_cast<off_t>(offset)) != static_cast<ssize_t>(bytes.size()))
        throw UsageError(target_ + ": write failed: " + std::strerror(errno));
}

void AtomicFile::commit() {
    flush();
    if (::fsync(fd_) != 0) throw UsageError(target_ + ": fsync failed: " + std::strerror(errno));
    ::fchmod(fd_, 0644);
    ::close(fd_);
    fd_ = -1;
    if (::rename(temp_.c_str(), target_.c_str()) != 0)
        throw UsageError(target_ + ": cannot rename the temporary file into place: " + std::strerror(errno));
    committed_ = true;
}

}  // namespace tk
