// SPDX-License-Identifier: MIT
#pragma once
// Decodes one CPU's ring-buffer pages (raw, or v7 compressed chunks) into
// events, one at a time, without allocating per event. Damage is counted in
// the diagnostics and ends this CPU's stream; it never reads out of bounds.
#include <cstdint>
#include <string>
#include <vector>

#include "compression.hpp"
#include "tracedat_file.hpp"

namespace tk::tracedat {

// How a raw timestamp becomes the one trace-cmd shows.
struct TimeRule {
    bool tsc2nsec = false;
    uint32_t mult = 0, shift = 0;
    int64_t offset = 0;  // DATE*1000 + OFFSET + --ts-offset
    uint64_t apply(uint64_t raw) const {
        uint64_t ts = raw;
        if (tsc2nsec) ts = static_cast<uint64_t>((static_cast<unsigned __int128>(ts) * mult) >> shift);
        return ts + static_cast<uint64_t>(offset);
    }
};

class CpuStream {
public:
    CpuStream(const TraceDatFile& file, const Buffer& buffer, const CpuRange& range, uint16_t instance,
              TimeRule rule);

    // The next data record, or false at the end of this CPU's data.
    bool next(Event& ev);
    int cpu() const { return cpu_; }
    uint64_t pages() const { return pages_; }

private:
    bool load_page();
    bool refill();  // compressed data: decompress the next chunk
    void damaged(Diag kind, uint64_t at, const std::string& what);

    const TraceDatFile& file_;
    Diagnostics& diag_;
    TimeRule rule_;
    int cpu_;
    uint16_t instance_;
    ByteOrder order_;
    uint32_t page_size_;
    uint32_t header_size_;  // 8-byte timestamp + kernel long
    uint8_t long_size_;

    // The bytes pages are cut from: the mapped file, or decompressed chunks.
    const uint8_t* win_ = nullptr;
    size_t win_size_ = 0;
    size_t page_pos_ = 0;
    uint64_t win_file_offset_ = 0;  // raw data: file offset of win_[0]
    bool compressed_ = false;
    Codec codec_ = Codec::none;
    std::vector<uint8_t> chunk_buf_;
    uint64_t chunk_pos_ = 0, chunk_end_ = 0;  // file offsets of the next chunk header / the data's end
    uint32_t chunks_left_ = 0;

    // The current page.
    const uint8_t* rec_ = nullptr;
    const uint8_t* rec_end_ = nullptr;
    const uint8_t* page_ = nullptr;
    uint64_t page_file_offset_ = 0;  // raw: offset in the file; compressed: of its chunk
    uint64_t ts_ = 0;
    int64_t page_missed_ = 0;
    uint64_t pages_ = 0;
    bool dead_ = false;
};

}  // namespace tk::tracedat
