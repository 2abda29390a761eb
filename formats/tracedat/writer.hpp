// SPDX-License-Identifier: MIT
// trace.dat writer (v6 and v7) from the canonical model: metadata blocks,
// options, and per-CPU ring-buffer pages re-encoded from the events, so any
// reader's events (filtered, re-ordered to another byte order) can be written.
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "compression.hpp"
#include "tracekit/reader.hpp"

namespace tk::tracedat {

struct WriteOptions {
    int version = 7;
    Codec compression = Codec::zstd;       // v7 only; v6 is never compressed
    std::optional<ByteOrder> order;        // default: the source's
    uint32_t chunk_pages = 10;             // pages per compressed chunk (trace-cmd's value)
    // A drop recorded on an event that `keep` rejects moves to the next kept
    // event (a selection must not hide lost events). Split turns it off: the
    // rejected events are written, with their marker, to another piece.
    bool carry_drops = true;
};

struct WriteStats {
    uint64_t events = 0, pages = 0, dropped_too_big = 0, swap_failures = 0;
};

// Writes `source` to `path` (via a temporary file and rename). `keep` selects
// events (nullptr = all). Throws UsageError / FormatError.
WriteStats write_tracedat(TraceReader& source, const std::string& path, const WriteOptions& opts,
                          const std::function<bool(const Event&)>& keep = nullptr);

}  // namespace tk::tracedat
