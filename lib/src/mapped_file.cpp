// SPDX-License-Identifier: MIT
#include "tracekit/mapped_file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "compressed_input.hpp"
#include "tracekit/error.hpp"

namespace tk {

namespace {
std::vector<uint8_t> slurp(int fd, const std::string& name) {
    std::vector<uint8_t> out;
    uint8_t buf[1 << 16];
    for (;;) {
        ssize_t n = ::read(fd, buf, sizeof buf);
        if (n == 0) break;
        if (n < 0) {
            if (errno == EINTR) continue;
            throw UsageError(name + ": read failed: " + std::strerror(errno));
        }
        out.insert(out.end(), buf, buf + n);
    }
    return out;
}
}  // namespace

MappedFile::MappedFile(const std::string& path) : name_(path == "-" ? "<stdin>" : path) {
    int fd = path == "-" ? 0 : ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) throw UsageError(path + ": cannot open: " + std::strerror(errno));
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
        int e = errno;
        if (fd != 0) ::close(fd);
        throw UsageError(name_ + ": cannot stat: " + std::strerror(e));
    }
    if (S_ISDIR(st.st_mode)) {
        if (fd != 0) ::close(fd);
        throw UsageError(name_ + ": is a directory");
    }
    if (S_ISREG(st.st_mode) && st.st_size > 0) {
        void* p = ::mmap(nullptr, static_cast<size_t>(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
        if (p != MAP_FAILED) {
            data_ = static_cast<const uint8_t*>(p);
            size_ = static_cast<size_t>(st.st_size);
            mapped_ = true;
            ::madvise(p, size_, MADV_SEQUENTIAL);
        }
    }
    if (!mapped_) {
        owned_ = slurp(fd, name_);
        data_ = owned_.data();
        size_ = owned_.size();
    }
    if (fd != 0) ::close(fd);
    // A compressed archive of a trace: read the trace inside it.
    if (const char* kind = whole_file_compression(bytes().substr(0, 8))) {
        std::vector<uint8_t> plain = decompress_whole_file(bytes(), kind, name_);
        if (mapped_) ::munmap(const_cast<uint8_t*>(data_), size_);
        mapped_ = false;
        owned_ = std::move(plain);
        data_ = owned_.data();
        size_ = owned_.size();
        name_ += " (" + std::string(kind) + ")";
    }
}

MappedFile::MappedFile(std::string name, std::vector<uint8_t> bytes) : name_(std::move(name)), owned_(std::move(bytes)) {
    data_ = owned_.data();
    size_ = owned_.size();
}

MappedFile::~MappedFile() {
    if (mapped_) ::munmap(const_cast<uint8_t*>(data_), size_);
}

}  // namespace tk
