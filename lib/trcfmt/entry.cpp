// SPDX-License-Identifier: MIT
#include "trcfmt/entry.hpp"

#include <algorithm>

#include "trcfmt/errors.hpp"

namespace tk::trcfmt {

EntryView decode_aix_entry(std::span<const uint8_t> bytes, bool hook64, ByteOrder order) {
    EntryView e;
    e.bytes = bytes;
    e.order = order;
    e.hook64 = hook64;
    e.trace64 = hook64;
    const size_t hw = hook64 ? 8 : 4;
    if (bytes.size() < hw)
        throw RuntimeError(0, 0, "entry of " + std::to_string(bytes.size()) + " bytes is shorter than its " +
                                     std::to_string(hw) + "-byte hook word");
    size_t ws = hw;  // data word size
    if (hook64) {
        uint64_t w = load<uint64_t>(bytes.data(), order);
        e.hook_type = static_cast<uint16_t>(w >> 48);
        e.data_len = static_cast<uint16_t>(w >> 32);
        e.hook_key = static_cast<uint16_t>(w >> 16);
        e.hook_data = static_cast<uint16_t>(w);
        e.generic = (e.hook_type & 0x4000) != 0;
        // Flag B (0x2000): a 32-bit application's entry, with 4-byte data words.
        if (e.hook_type & 0x2000) ws = 4;
        e.data_words = e.generic ? 1 : static_cast<uint8_t>(std::min<uint32_t>(5, e.data_len / static_cast<uint32_t>(ws)));
        e.initial_dp = 6;
    } else {
        uint32_t w = load<uint32_t>(bytes.data(), order);
        e.hook_key = static_cast<uint16_t>((w >> 20) << 4);
        e.hook_type = static_cast<uint16_t>((w >> 16) & 0xF);
        e.hook_data = static_cast<uint16_t>(w);
        unsigned words = e.hook_type & 7;  // hook word + data words; 0 = generic
        e.generic = words == 0;
        e.data_words = e.generic ? 1 : static_cast<uint8_t>(std::min(5u, words - 1));
        e.data_len = e.generic ? e.hook_data : e.data_words * 4u;
        e.initial_dp = e.generic ? 4 : 2;
    }
    for (size_t i = 0; i < e.data_words; ++i) {
        size_t at = hw + i * ws;
        if (at + ws > bytes.size()) break;
        e.d[i] = ws == 8 ? load<uint64_t>(bytes.data() + at, order) : load<uint32_t>(bytes.data() + at, order);
    }
    return e;
}

}  // namespace tk::trcfmt
