// SPDX-License-Identifier: MIT
#pragma once
// v7 compression: "zstd" and "zlib" blocks whose uncompressed size is stated
// by the file. Sizes are checked against limits before anything is allocated.
// Writing uses the same codecs: zstd frames without content size (as trace-cmd
// writes them) and zlib streams from compress2 at Z_BEST_COMPRESSION.
#include <cstdint>
#include <string>
#include <string_view>

#include "tracekit/limits.hpp"

namespace tk::tracedat {


enum class Codec : uint8_t { none, zstd, zlib };

// Codec for the header's algorithm name; returns false for an unknown name.
bool codec_from_name(std::string_view name, Codec& out);

// Decompresses `in` into exactly `expected` bytes. On failure returns false and
// sets `error` to a short reason (the caller adds file and offset).
bool decompress(Codec codec, std::string_view in, uint64_t expected, std::string& out, std::string& error);
// The same into caller memory of exactly `expected` bytes (no allocation).
bool decompress_into(Codec codec, std::string_view in, uint8_t* out, uint64_t expected, std::string& error);

// Compresses `in` (appending to `out`); false only on a library failure.
bool compress(Codec codec, std::string_view in, std::string& out);
// The version string trace-cmd stores beside the algorithm name.
std::string codec_version(Codec codec);
const char* codec_name(Codec codec);

}  // namespace tk::tracedat
