// SPDX-License-Identifier: MIT
// AIX trace log writer: hook-word entries from the canonical model, in time
// order across the source's streams, plus a companion "<OUT>.trcfmt" with a
// template for every hook written (the source's own templates kept first).
// Sources: an AIX log (payloads are the entries) or a trace.dat holding
// system "aix" events (payload = 8-byte ftrace common header + the entry).
#pragma once
#include <cstdint>
#include <functional>
#include <string>

#include "tracekit/reader.hpp"

namespace tk::aix {

struct WriteOptions {
    bool companion = true;  // write OUT.trcfmt
};

struct WriteStats {
    uint64_t events = 0;
    uint64_t skipped = 0;  // events that are not AIX hooks (other systems)
    uint64_t bad = 0;      // AIX events whose bytes are not one whole entry
    std::string first_bad;
    std::string companion;  // the template file written ("" = none)
};

WriteStats write_aix(TraceReader& source, const std::string& path, const WriteOptions& opts = {},
                     const std::function<bool(const Event&)>& keep = nullptr);

}  // namespace tk::aix
