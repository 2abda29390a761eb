// SPDX-License-Identifier: MIT
#include "cpu_stream.hpp"

#include <algorithm>
#include <cstring>

namespace tk::tracedat {

namespace {
constexpr uint32_t kTypePadding = 29, kTypeTimeExtend = 30, kTypeTimeStamp = 31;
constexpr uint64_t kCommitMask = (1u << 27) - 1;
constexpr uint64_t kMissedEvents = 1ull << 31, kMissedStored = 1ull << 30;
constexpr uint64_t kTsTopBits = 0xf8ull << 56;
}  // namespace

CpuStream::CpuStream(const TraceDatFile& file, const Buffer& buffer, const CpuRange& range, uint16_t instance,
                     TimeRule rule)
    : file_(file), diag_(file.diagnostics()), rule_(rule), cpu_(range.cpu), instance_(instance),
      order_(file.order()), page_size_(buffer.page_size), long_size_(file.kernel_long_size()) {
    header_size_ = 8 + long_size_;
    const MappedFile& mf = file.file();
    uint64_t start = std::min<uint64_t>(range.offset, mf.size());
    if (!buffer.compressed) {
        // Saturating: a hostile offset or size must not wrap around.
        uint64_t end = start + std::min<uint64_t>(range.size, mf.size() - start);
        // Read up to the cut, like trace-cmd, and say that the rest is missing.
        if (range.offset > mf.size() || range.size > mf.size() - range.offset)
            diag_.add(Diag::truncated_cpu_data, 1,
                      file_.name() + ": offset " + hex(mf.size()) + ": CPU " + std::to_string(cpu_) + " data should end at " +
                          hex(range.offset) + " + " + std::to_string(range.size) + " but the file ends first");
        win_ = mf.data() + start;
        win_size_ = end - start;
        win_file_offset_ = start;
        return;
    }
    compressed_ = true;
    codec_from_name(file.compression(), codec_);
    // 3.1.x stores the size 4 bytes short; chunks are walked by count, bounded by the section.
    const Section& s = file.sections()[buffer.section];
    chunk_end_ = std::min<uint64_t>(s.offset + 16 + s.size, mf.size());
    chunk_pos_ = start;
    if (chunk_pos_ + 4 > chunk_end_) {
        damaged(Diag::truncated_cpu_data, chunk_pos_, "CPU " + std::to_string(cpu_) + " chunk count runs past its section");
        dead_ = true;
        return;
    }
    chunks_left_ = load<uint32_t>(mf.data() + chunk_pos_, order_);
    chunk_pos_ += 4;
}

// Counts the damage; whether decoding can go on is the caller's call.
void CpuStream::damaged(Diag kind, uint64_t at, const std::string& what) {
    diag_.add(kind, 1, file_.name() + ": offset " + hex(at) + ": " + what);
}

bool CpuStream::refill() {
    if (!compressed_ || dead_ || chunks_left_ == 0) return false;
    const MappedFile& mf = file_.file();
    if (chunk_pos_ + 8 > chunk_end_) {
        damaged(Diag::truncated_cpu_data, chunk_pos_, "CPU " + std::to_string(cpu_) + " chunk header runs past its section");
        dead_ = true;
        return false;
    }
    uint32_t csize = load<uint32_t>(mf.data() + chunk_pos_, order_);
    uint32_t usize = load<uint32_t>(mf.data() + chunk_pos_ + 4, order_);
    uint64_t data_at = chunk_pos_ + 8;
    if (csize > chunk_end_ - data_at || usize > limits().max_decompressed_chunk) {
        damaged(Diag::truncated_cpu_data, chunk_pos_,
                "CPU " + std::to_string(cpu_) + " chunk of " + std::to_string(csize) + " bytes (" + std::to_string(usize) +
                    " uncompressed) runs past its section or the limit");
        dead_ = true;
        return false;
    }
    // Keep the unread tail (a page cut by a chunk boundary) in front of the new data.
    size_t keep = win_size_ - std::min(page_pos_, win_size_);
    std::vector<uint8_t> next(keep + usize);
    if (keep) std::memcpy(next.data(), win_ + page_pos_, keep);
    std::string err;
    if (!decompress_into(codec_, std::string_view(reinterpret_cast<const char*>(mf.data() + data_at), csize),
                         next.data() + keep, usize, err)) {
        damaged(Diag::truncated_cpu_data, data_at, "CPU " + std::to_string(cpu_) + " chunk: " + err);
        dead_ = true;
        return false;
    }
    chunk_buf_.swap(next);
    win_ = chunk_buf_.data();
    win_size_ = chunk_buf_.size();
    page_pos_ = 0;
    win_file_offset_ = chunk_pos_;
    chunk_pos_ = data_at + csize;
    --chunks_left_;
    return true;
}

bool CpuStream::load_page() {
    for (;;) {
        if (dead_) return false;
        if (page_pos_ >= win_size_ || (compressed_ && win_size_ - page_pos_ < page_size_ && chunks_left_)) {
            if (!refill()) {
                if (page_pos_ >= win_size_) return false;
            }
        }
        size_t avail = std::min<size_t>(page_size_, win_size_ - page_pos_);
        page_ = win_ + page_pos_;
        page_file_offset_ = compressed_ ? win_file_offset_ : win_file_offset_ + page_pos_;
        page_pos_ += page_size_;
        if (avail < header_size_) {
            if (avail) damaged(Diag::truncated_cpu_data, page_file_offset_, "CPU " + std::to_string(cpu_) + " page header cut short");
            return false;
        }
        ++pages_;
        ts_ = load<uint64_t>(page_, order_);
        uint64_t commit = long_size_ == 8 ? load<uint64_t>(page_ + 8, order_) : load<uint32_t>(page_ + 8, order_);
        uint64_t size = commit & kCommitMask;
        const uint8_t* data = page_ + header_size_;
        if (size > page_size_ - header_size_) {
            damaged(Diag::bad_page, page_file_offset_,
                    "CPU " + std::to_string(cpu_) + " page commit size " + std::to_string(size) + " exceeds the page");
            continue;
        }
        if (size > avail - header_size_) {
            // Decode what the cut page holds, then stop.
            damaged(Diag::truncated_cpu_data, page_file_offset_ + avail, "CPU " + std::to_string(cpu_) + " page cut short");
            size = avail - header_size_;
            page_pos_ = win_size_ + page_size_;
            chunks_left_ = 0;
        }
        rec_ = data;
        rec_end_ = data + size;
        page_missed_ = 0;
        if (commit & kMissedEvents) {
            page_missed_ = -1;
            if ((commit & kMissedStored) && size + long_size_ <= avail - header_size_)
                page_missed_ = static_cast<int64_t>(long_size_ == 8 ? load<uint64_t>(rec_end_, order_)
                                                                     : load<uint32_t>(rec_end_, order_));
            diag_.add(Diag::lost_events, page_missed_ > 0 ? static_cast<uint64_t>(page_missed_) : 1);
        }
        return true;
    }
}

bool CpuStream::next(Event& ev) {
    for (;;) {
        if (rec_ >= rec_end_) {
            if (!load_page()) return false;
            continue;
        }
        size_t left = static_cast<size_t>(rec_end_ - rec_);
        if (left < 4) {
            rec_ = rec_end_;
            continue;
        }
        uint32_t word = load<uint32_t>(rec_, order_);
        uint32_t type_len, delta;
        if (order_ == ByteOrder::little) {
            type_len = word & 0x1f;
            delta = word >> 5;
        } else {
            type_len = word >> 27;
            delta = word & ((1u << 27) - 1);
        }
        const uint8_t* payload;
        uint32_t length;
        if (type_len == kTypePadding) {
            ts_ += delta;
            if (left < 8) { rec_ = rec_end_; continue; }
            uint32_t skip = load<uint32_t>(rec_ + 4, order_);
            rec_ = skip >= left - 4 ? rec_end_ : rec_ + 4 + skip;
            continue;
        }
        if (type_len == kTypeTimeExtend || type_len == kTypeTimeStamp) {
            if (left < 8) { rec_ = rec_end_; continue; }
            uint64_t ext = (static_cast<uint64_t>(load<uint32_t>(rec_ + 4, order_)) << 27) + delta;
            if (type_len == kTypeTimeExtend) ts_ += ext;
            else ts_ = (ts_ & kTsTopBits) | ext;
            rec_ += 8;
            continue;
        }
        if (type_len == 0) {
            if (left < 8) {
                damaged(Diag::bad_record, page_file_offset_, "CPU " + std::to_string(cpu_) + " record header cut short");
                rec_ = rec_end_;
                continue;
            }
            uint32_t len = load<uint32_t>(rec_ + 4, order_);
            length = len < 4 ? 0 : ((len - 4 + 3) & ~3u);
            payload = rec_ + 8;
        } else {
            length = type_len * 4;
            payload = rec_ + 4;
        }
        if (length > static_cast<size_t>(rec_end_ - payload)) {
            diag_.add(Diag::bad_record, 1,
                      file_.name() + ": offset " + hex(page_file_offset_) + ": CPU " + std::to_string(cpu_) +
                          " record of " + std::to_string(length) + " bytes runs past its page");
            rec_ = rec_end_;
            continue;
        }
        ts_ += delta;
        rec_ = payload + length;
        ev.ts_raw = ts_;
        ev.ts = rule_.apply(ts_);
        ev.cpu = cpu_;
        ev.instance = instance_;
        ev.payload = std::span<const uint8_t>(payload, length);
        ev.type_id = length >= 2 ? load<uint16_t>(payload, order_) : 0;
        ev.pid = length >= 8 ? static_cast<int32_t>(load<uint32_t>(payload + 4, order_)) : -1;
        ev.tid = ev.pid;
        ev.missed_before = page_missed_;
        page_missed_ = 0;
        ev.file_offset = page_file_offset_;
        ev.block = pages_;
        return true;
    }
}

}  // namespace tk::tracedat
