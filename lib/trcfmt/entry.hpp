// SPDX-License-Identifier: MIT
#pragma once
// One trace entry as the evaluator sees it: its bytes (from the hook word to
// the end of the entry) and the header facts the built-in macros read.
// decode_aix_entry() fills the facts from AIX hook-word bytes; readers of
// other formats fill them directly (hook_key = event id, data words = first
// fields, ...), so one template engine renders every format.
#include <array>
#include <cstdint>
#include <span>

#include "tracekit/byte_cursor.hpp"

namespace tk::trcfmt {

struct EntryView {
    std::span<const uint8_t> bytes;  // the whole entry; reads outside it are errors
    ByteOrder order = ByteOrder::big;
    bool hook64 = false;    // 64-bit hook word layout ($HOOKENV = 64, words are 8 bytes)
    bool trace64 = false;   // 64-bit trace ($TRACEENV = 64)
    uint16_t hook_key = 0;  // 16-bit key: 12-bit ID 0x010 -> 0x0100
    uint16_t hook_type = 0; // $HT: 32-bit: the 4-bit type; 64-bit: the flag halfword
    uint16_t hook_data = 0; // $HD: 32-bit: low 16 bits of the hook word; 64-bit: subhook
    uint32_t data_len = 0;  // $HL: bytes of data (generic: the buffer length)
    bool generic = false;   // $GENERIC
    uint8_t data_words = 0; // how many of d[] the entry carries
    std::array<uint64_t, 5> d{};  // $D1..$D5
    uint32_t initial_dp = 0;      // where the DATA POINTER starts
    int64_t pid = -1, tid = -1;
    int32_t cpu = -1;
    uint64_t timestamp = 0;
    uint64_t log_offset = 0;      // $LOGID0: where the entry starts in the log

    uint32_t word_size() const { return hook64 ? 8 : 4; }
};

// Decode the hook word of an AIX entry and fill the facts. `bytes` is the
// entry from its hook word on. 32-bit: [id:12][type:4][data:16];
// 64-bit: [flags:16][length:16][hook id:16][subhook:16]. Throws RuntimeError
// when the bytes are shorter than the hook word. Data words that the entry
// declares but does not hold read as 0 through $Dn (reading them with format
// codes is still an error).
EntryView decode_aix_entry(std::span<const uint8_t> bytes, bool hook64, ByteOrder order);

}  // namespace tk::trcfmt
