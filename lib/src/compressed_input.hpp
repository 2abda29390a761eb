// SPDX-License-Identifier: MIT
#pragma once
// Archived traces are often compressed as a whole (trace.dat.gz, .xz, .bz2,
// .zst). Inputs are recognised by their magic bytes and decompressed into
// memory with Boost.Iostreams, up to limits().max_input_decompressed.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tk {

// The compression of a whole file ("gzip", "bzip2", "xz", "zstd"), or nullptr.
const char* whole_file_compression(std::string_view prefix);

// Decompresses `in`; throws UsageError naming `name` on corrupt data or when
// the output would pass the limit.
std::vector<uint8_t> decompress_whole_file(std::string_view in, const char* kind, const std::string& name);

}  // namespace tk
