// SPDX-License-Identifier: MIT
#pragma once
// The explicit list of formats, cheapest sniffer first. No self-registering
// statics: formats/registry.cpp names every format once.
#include <memory>
#include <string_view>
#include <vector>

#include "tracekit/mapped_file.hpp"
#include "tracekit/reader.hpp"

namespace tk {

struct ReaderOptions {
    bool raw_ts = false;
    bool no_date = false;
    int64_t ts_offset = 0;
};

struct FormatEntry {
    const char* name;         // "tracedat"
    const char* description;  // one line for `tracekit formats`
    // Looks at most kSniffBytes of the file's start.
    bool (*sniff)(std::string_view prefix);
    std::unique_ptr<TraceReader> (*open)(std::shared_ptr<const MappedFile> file, const ReaderOptions& opts);
};

inline constexpr size_t kSniffBytes = 4096;

const std::vector<FormatEntry>& formats();
const FormatEntry* find_format(std::string_view name);
// The first format whose sniffer accepts the file, or nullptr.
const FormatEntry* detect_format(const MappedFile& file);
// Detects (or uses `forced`) and opens; throws UsageError/FormatError.
std::unique_ptr<TraceReader> open_trace(std::shared_ptr<const MappedFile> file, const ReaderOptions& opts,
                                        std::string_view forced = {});

}  // namespace tk
