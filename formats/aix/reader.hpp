// SPDX-License-Identifier: MIT
// AIX trace log reader: hook-word entries (32- or 64-bit layout, either byte
// order) into the canonical model. Every entry becomes an Event whose payload
// is the entry's bytes exactly as in the log; the log's own metadata hooks
// (003 header, 00A/25C timebase, 005/006 wraparound) also fill TraceInfo.
// Per-CPU files (trace.out, trace.out-1 ... -N) are one stream each.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "layout.hpp"
#include "tracekit/mapped_file.hpp"
#include "tracekit/reader.hpp"

namespace tk::aix {

// EventType ids of AIX hooks start here (trace.dat's common_type is 16 bits).
inline constexpr uint32_t kFirstTypeId = 1000;

struct ReadOptions {
    std::optional<bool> b64;          // force the 32/64-bit layout
    std::optional<ByteOrder> order;   // force the byte order
    bool siblings = true;             // pick up NAME-1 ... NAME-N per-CPU files
    bool companion = true;            // pick up NAME.trcfmt (or STEM.trcfmt)
    bool raw_ts = false;              // --raw-ts: ticks as they are (no 00A/25C conversion)
    int64_t ts_offset = 0;            // --ts-offset: added to every ns time
};

// The layout the first bytes of a log fit, if any (strict: used to detect).
std::optional<Layout> sniff_layout(std::string_view prefix, bool whole_file);
bool sniff(std::string_view prefix);

class Reader : public TraceReader {
public:
    Reader(std::shared_ptr<const MappedFile> file, ReadOptions opts = {});
    const TraceInfo& info() const override { return info_; }
    std::vector<std::unique_ptr<EventStream>> open_streams() override;
    const Layout& layout() const { return layout_; }

    struct Rec {
        uint64_t offset;
        uint32_t size;
        uint32_t type_id;
        uint64_t ts;      // ns, never decreasing within a file
        int64_t tid;
        int32_t cpu;
        bool lost;        // a wraparound hook: events were lost here
    };
    struct File {
        std::shared_ptr<const MappedFile> map;
        int cpu = 0;
        std::vector<Rec> recs;
    };

private:
    void scan(File& f);
    uint32_t type_for(const Entry& e, const uint8_t* p);
    void metadata(const Entry& e, const uint8_t* p, const File& f, uint64_t off);
    std::string order_text() const;

    ReadOptions opts_;
    Layout layout_;
    std::vector<File> files_;
    TraceInfo info_;
    std::unordered_map<uint64_t, uint32_t> shapes_[2];  // shape -> type id (plain, text buffer)
    uint64_t tb_mult_ = 1, tb_div_ = 1;
    std::string first_error_;
    uint64_t first_error_offset_ = 0;
};

}  // namespace tk::aix
