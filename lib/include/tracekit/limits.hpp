// SPDX-License-Identifier: MIT
#pragma once
// Every limit that stops a hostile file before it allocates, in one place.
// Counts and sizes read from a file are also checked against the bytes that
// really exist; these caps bound what the bytes alone cannot (a compressed
// block's claimed size, a declared count). Fuzzers lower them (tests/fuzz).
#include <cstdint>

namespace tk {

struct Limits {
    uint64_t max_decompressed_block = 1ull << 30;  // one v7 metadata section, after decompression
    uint64_t max_decompressed_chunk = 1ull << 28;  // one flyrecord chunk (trace-cmd writes 10 pages)
    uint32_t max_cpus = 1u << 16;                  // CPUs in a file or buffer
    uint32_t max_formats = 1u << 20;               // event formats, systems, options per file
    uint32_t max_page_size = 1u << 24;             // ring-buffer sub-buffer size
    uint64_t max_input_decompressed = 16ull << 30; // a whole .gz/.xz/.bz2/.zst input file, in memory
};

// The limits in force (process-wide; set before opening files).
Limits& limits();

}  // namespace tk
