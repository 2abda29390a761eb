// SPDX-License-Identifier: MIT
// Builds ring-buffer pages from events, the way the kernel lays them out:
// a page header (timestamp, commit), then records with 27-bit time deltas,
// time_extend records when a delta does not fit, type_len 0 for records over
// 112 bytes, and the lost-event flags/count on the page that follows a drop.
#pragma once
#include <cstdint>
#include <functional>
#include <span>
#include <string>

#include "tracekit/byte_cursor.hpp"

namespace tk::tracedat {

class PageEncoder {
public:
    // `emit` receives each finished page (exactly page_size bytes).
    PageEncoder(ByteOrder order, uint8_t kernel_long, uint32_t page_size, std::function<void(std::string_view)> emit);

    // Adds one record; `missed_before` (>0 count, -1 unknown) starts a new page
    // flagged with the drop. Returns false when the record cannot fit any page.
    bool add(uint64_t ts, std::span<const uint8_t> payload, int64_t missed_before);
    // Emits the page in progress, if any.
    void finish();
    uint64_t pages() const { return pages_; }

private:
    void start_page(uint64_t ts, int64_t missed);
    void put32(uint32_t v);
    void header(uint32_t type_len, uint32_t delta);

    ByteOrder order_;
    uint8_t long_;
    uint32_t page_size_;
    uint32_t header_size_;
    std::function<void(std::string_view)> emit_;
    std::string page_;
    bool open_ = false;
    uint64_t last_ts_ = 0;
    int64_t missed_ = 0;
    uint64_t pages_ = 0;
};

}  // namespace tk::tracedat
