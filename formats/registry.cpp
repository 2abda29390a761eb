// SPDX-License-Identifier: MIT
// The format registry: every format tracekit reads, cheapest sniffer first.
#include "tracekit/registry.hpp"

#include "aix/reader.hpp"
#include "tracedat/reader.hpp"
#include "tracekit/error.hpp"

namespace tk {

namespace {
std::unique_ptr<TraceReader> open_tracedat(std::shared_ptr<const MappedFile> file, const ReaderOptions& o) {
    return std::make_unique<tracedat::Reader>(std::move(file), tracedat::ReadOptions{o.raw_ts, o.no_date, o.ts_offset});
}
aix::ReadOptions aix_options(const ReaderOptions& o) {
    aix::ReadOptions a;
    a.raw_ts = o.raw_ts;
    a.ts_offset = o.ts_offset;
    return a;
}
std::unique_ptr<TraceReader> open_aix(std::shared_ptr<const MappedFile> file, const ReaderOptions& o) {
    return std::make_unique<aix::Reader>(std::move(file), aix_options(o));
}
// --from aix32 / aix64 / aix-le / aix64-be ...: the layout and byte order forced.
bool aix_variant(std::string_view name, aix::ReadOptions& o) {
    if (name.substr(0, 3) != "aix") return false;
    name.remove_prefix(3);
    if (name.substr(0, 2) == "32") o.b64 = false, name.remove_prefix(2);
    else if (name.substr(0, 2) == "64") o.b64 = true, name.remove_prefix(2);
    if (name == "-be") o.order = ByteOrder::big;
    else if (name == "-le") o.order = ByteOrder::little;
    else if (!name.empty()) return false;
    return true;
}
}  // namespace

const std::vector<FormatEntry>& formats() {
    static const std::vector<FormatEntry> list = {
        // A 10-byte magic: the cheapest and surest test, so it goes first.
        {"tracedat", "trace-cmd trace.dat, versions 6 and 7", &tracedat::TraceDatFile::sniff, &open_tracedat},
        // No magic number: the first entries' structure is parsed in every
        // layout and byte order, so it is costlier and comes after the magics.
        {"aix", "AIX trace log, hook-word entries (force: aix32, aix64, aix-le, aix64-be, ...)", &aix::sniff, &open_aix},
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
    aix::ReadOptions aix_opts = aix_options(opts);
    if (!forced.empty() && forced != "aix" && aix_variant(forced, aix_opts))
        return std::make_unique<aix::Reader>(std::move(file), aix_opts);
    const FormatEntry* f = forced.empty() ? detect_format(*file) : find_format(forced);
    if (!f) {
        if (!forced.empty()) throw UsageError("unknown format \"" + std::string(forced) + "\" (see `tracekit formats`)");
        if (file->size() == 0) throw FormatError(file->name(), 0, "empty file");
        throw FormatError(file->name(), 0, "not a trace file tracekit knows (see `tracekit formats`)");
    }
    return f->open(std::move(file), opts);
}

}  // namespace tk
