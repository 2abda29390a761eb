// SPDX-License-Identifier: MIT
#pragma once
// Writers never overwrite their input and never leave half a file behind:
// they write a temporary file in the target's folder and rename it over the
// target only when everything was written.
#include <cstdint>
#include <string>
#include <string_view>

namespace tk {

// True when both paths name the same existing file (also through links).
bool same_file(const std::string& a, const std::string& b);

class AtomicFile {
public:
    // Creates "<dir>/.<name>.tmp-XXXXXX" beside `target`; throws UsageError.
    explicit AtomicFile(std::string target);
    ~AtomicFile();  // removes the temporary file unless commit() succeeded
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;

    void write(std::string_view bytes);
    // Overwrites bytes already written at `offset` (placeholders patched later).
    void patch(uint64_t offset, std::string_view bytes);
    uint64_t tell() const { return size_; }
    // fsyncs, renames over the target; throws UsageError on failure.
    void commit();
    const std::string& target() const { return target_; }

private:
    void flush();
    std::string target_, temp_;
    int fd_ = -1;
    uint64_t size_ = 0;
    uint64_t flushed_ = 0;
    std::string buf_;
    bool committed_ = false;
};

}  // namespace tk
