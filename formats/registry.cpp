// SPDX-License-Identifier: MIT
// The format registry: every format tracekit reads, cheapest sniffer first.
#include "tracekit/registry.hpp"

#include "tracedat/reader.hpp"
#include "tracekit/error.hpp"

namespace tk {

namespace {
std::unique_ptr<TraceReader> open_tracedat(std::shared_ptr<const MappedFile> file, const ReaderOptions& o) {
    return std::make_unique<tracedat::Reader>(std::move(file), tracedat::ReadOptions{o.raw_ts, o.no_date, o.ts_offset});
}
}  // namespace

const std::vector<FormatEntry>& formats() {
    static const std::vector<FormatEntry> list = {
        // A 10-byte magic: the cheapest and surest test, so it goes first.
        {"tracedat", "trace-cmd trace.dat, versions 6 and 7", &tracedat::TraceDatFile::sniff, &open_tracedat},
    };
    return list;
}

const FormatEntry* find_format(std::string_view name) {
    for (const FormatEntry& f : formats())
        if (name == f.name) return &f;
    return nullptr;
}

const FormatEntry* detect_format(const MappedFile& file) {
    std::string_view prefix = file.bytes().substr(0, kSniffBytes);
    for (const FormatEntry& f : formats())
        if (f.sniff(prefix)) return &f;
    return nullptr;
}

std::unique_ptr<TraceReader> open_trace(std::shared_ptr<const MappedFile> file, const ReaderOptions& opts,
                                        std::string_view forced) {
    const FormatEntry* f = forced.empty() ? detect_format(*file) : find_format(forced);
    if (!f) {
        if (!forced.empty()) throw UsageError("unknown format \"" + std::string(forced) + "\" (see `tracekit formats`)");
        if (file->size() == 0) throw FormatError(file->name(), 0, "empty file");
        throw FormatError(file->name(), 0, "not a trace file tracekit knows (see `tracekit formats`)");
    }
    return f->open(std::move(file), opts);
}

}  // namespace tk
