// SPDX-License-Identifier: MIT
#include "page_encoder.hpp"

#include <cstring>

namespace tk::tracedat {

namespace {
constexpr uint32_t kMaxDelta = (1u << 27) - 1;
constexpr uint32_t kMaxSmallRecord = 28 * 4;  // type_len 1..28
constexpr uint32_t kTypeTimeExtend = 30;
}  // namespace

PageEncoder::PageEncoder(ByteOrder order, uint8_t kernel_long, uint32_t page_size,
                         std::function<void(std::string_view)> emit)
    : order_(order), long_(kernel_long), page_size_(page_size), header_size_(8 + kernel_long), emit_(std::move(emit)) {
    page_.reserve(page_size);
}

void PageEncoder::put32(uint32_t v) {
    v = byteswap_if(v, order_ != host_order);
    page_.append(reinterpret_cast<const char*>(&v), 4);
}

void PageEncoder::header(uint32_t type_len, uint32_t delta) {
    put32(order_ == ByteOrder::little ? (type_len | (delta << 5)) : ((type_len << 27) | delta));
}

void PageEncoder::start_page(uint64_t ts, int64_t missed) {
    finish();
    page_.assign(header_size_, '\0');
    uint64_t t = byteswap_if(ts, order_ != host_order);
    std::memcpy(page_.data(), &t, 8);
    last_ts_ = ts;
    missed_ = missed;
    open_ = true;
}

void PageEncoder::finish() {
    if (!open_) return;
    uint64_t size = page_.size() - header_size_;
    uint64_t commit = size;
    if (missed_) {
        commit |= 1ull << 31;
        // The count is stored after the data when known and when it fits.
        if (missed_ > 0 && page_.size() + long_ <= page_size_) {
            commit |= 1ull << 30;
            if (long_ == 8) {
                uint64_t m = byteswap_if(static_cast<uint64_t>(missed_), order_ != host_order);
                page_.append(reinterpret_cast<const char*>(&m), 8);
            } else {
                uint32_t m = byteswap_if(static_cast<uint32_t>(missed_), order_ != host_order);
                page_.append(reinterpret_cast<const char*>(&m), 4);
            }
        }
        if (long_ == 8) commit |= 0xffffffff00000000ull;  // the kernel's sign-extended flags
    }
    if (long_ == 8) {
        uint64_t c = byteswap_if(commit, order_ != host_order);
        std::memcpy(page_.data() + 8, &c, 8);
    } else {
        uint32_t c = byteswap_if(static_cast<uint32_t>(commit), order_ != host_order);
        std::memcpy(page_.data() + 8, &c, 4);
    }
    page_.resize(page_size_, '\0');
    emit_(page_);
    ++pages_;
    open_ = false;
}

bool PageEncoder::add(uint64_t ts, std::span<const uint8_t> payload, int64_t missed_before) {
    uint32_t len = static_cast<uint32_t>((payload.size() + 3) & ~size_t(3));
    bool small = len <= kMaxSmallRecord && len > 0;
    uint64_t rec = small ? 4 + len : 8 + len;
    // Room for the record, a time_extend if its delta does not fit, and the
    // page's missed-events count if it carries one.
    auto needed = [&](uint64_t delta, int64_t missed) {
        return rec + (delta > kMaxDelta ? 8 : 0) + (missed > 0 ? long_ : 0);
    };
    if (header_size_ + needed(0, missed_before) > page_size_) return false;
    bool fits = open_ && !missed_before && ts >= last_ts_ && page_.size() + needed(ts - last_ts_, missed_) <= page_size_;
    if (!fits) start_page(ts, missed_before);
    uint64_t delta = ts - last_ts_;
    if (delta > kMaxDelta) {
        header(kTypeTimeExtend, static_cast<uint32_t>(delta & kMaxDelta));
        put32(static_cast<uint32_t>(delta >> 27));
        delta = 0;
    }
    if (small) {
        header(len / 4, static_cast<uint32_t>(delta));
    } else {
        header(0, static_cast<uint32_t>(delta));
        put32(len + 4);
    }
    size_t at = page_.size();
    page_.append(reinterpret_cast<const char*>(payload.data()), payload.size());
    page_.resize(at + len, '\0');
    last_ts_ = ts;
    return true;
}

}  // namespace tk::tracedat
