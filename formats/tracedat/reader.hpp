// SPDX-License-Identifier: MIT
#pragma once
// trace.dat reader: the canonical model over a parsed TraceDatFile, and one
// CpuStream per (buffer, CPU).
#include <memory>

#include "cpu_stream.hpp"
#include "tracedat_file.hpp"
#include "tracekit/reader.hpp"

namespace tk::tracedat {

// TraceInfo::extras keys holding the file's options in order:
// "tracedat:option:NNNN:ID" -> payload (in the file's byte order).
inline constexpr char kOptionExtraPrefix[] = "tracedat:option:";

struct ReadOptions {
    bool raw_ts = false;    // --raw-ts: no clock conversion, no offsets
    bool no_date = false;   // --nodate: ignore the DATE option
    int64_t ts_offset = 0;  // --ts-offset
};

class Reader : public TraceReader {
public:
    Reader(std::shared_ptr<const MappedFile> file, ReadOptions opts = {});
    const TraceInfo& info() const override { return info_; }
    std::vector<std::unique_ptr<EventStream>> open_streams() override;
    const TraceDatFile& file() const { return *file_; }
    // Timestamps print as seconds only for ns clocks (trace-cmd's rule).
    bool ns_clock(size_t buffer) const;
    TimeRule time_rule() const { return rule_; }

private:
    void fill_info();
    std::unique_ptr<TraceDatFile> file_;
    ReadOptions opts_;
    TimeRule rule_;
    TraceInfo info_;
};

}  // namespace tk::tracedat
