// SPDX-License-Identifier: MIT
#pragma once
// Read-only view of a whole input file: mmap for regular files, a heap copy for
// pipes and stdin ("-"). Readers take string_views into it, never copies.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tk {

class MappedFile {
public:
    // Throws UsageError naming the path when it cannot be opened or mapped.
    explicit MappedFile(const std::string& path);
    // Bytes already in memory (fuzzers, decompressed inputs); `name` is for messages.
    MappedFile(std::string name, std::vector<uint8_t> bytes);
    ~MappedFile();
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;

    const uint8_t* data() const { return data_; }
    size_t size() const { return size_; }
    std::string_view bytes() const { return {reinterpret_cast<const char*>(data_), size_}; }
    // The name used in messages: the path as given, or "<stdin>".
    const std::string& name() const { return name_; }

private:
    std::string name_;
    const uint8_t* data_ = nullptr;
    size_t size_ = 0;
    bool mapped_ = false;
    std::vector<uint8_t> owned_;
};

}  // namespace tk
