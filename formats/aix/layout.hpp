// SPDX-License-Identifier: MIT
// The byte layout of one AIX hook-word entry (32-bit and 64-bit logs), as
// docs/formats/aix.md describes it. One parser serves the reader, the
// sniffer and the writer's checks; the hook word itself is decoded by
// trcfmt::decode_aix_entry for templates.
#pragma once
#include <cstdint>
#include <string>

#include "tracekit/byte_cursor.hpp"

namespace tk::aix {

struct Layout {
    bool b64 = false;                 // 64-bit hook words (8-byte words, TID, 8-byte timestamps)
    ByteOrder order = ByteOrder::big; // POWER is big-endian; nothing in the file says so
};

// 64-bit flag halfword bits (bits 63..48 of the hook word).
inline constexpr uint16_t kFlagTime = 0x8000;     // T: timestamped
inline constexpr uint16_t kFlagGeneric = 0x4000;  // G: trcgen (d1 + buffer)
inline constexpr uint16_t kFlag32Data = 0x2000;   // B: 4-byte data words (32-bit app)
inline constexpr uint16_t kFlagCpu = 0x1000;      // P: an 8-byte CPU ID follows the timestamp (tracekit's reading)
inline constexpr uint16_t kFlagRegs = 0x0800;     // R: (flags & 7) + 1 registers follow
inline constexpr uint16_t kFlagsKnown = 0xF807;

inline constexpr uint32_t kMaxGeneric = 0xFFFF;   // the 16-bit length field
inline constexpr uint32_t kSniffMaxGeneric = 4096;  // trcgen's limit, used when sniffing

// Where everything of one entry lies, relative to its hook word.
struct Entry {
    uint32_t size = 0;        // whole entry, padding included
    uint64_t hookword = 0;
    uint16_t hook_id = 0;     // 12-bit (32-bit log) or 16-bit
    uint16_t key = 0;         // 16-bit key: 12-bit IDs shifted left by 4 (hhh == hhh0)
    uint16_t subhook = 0;     // 64-bit: the subhook; 32-bit: the hook data (non-generic)
    uint16_t hook_data = 0;   // 32-bit: low 16 bits; 64-bit: = subhook
    uint8_t type = 0;         // 32-bit hook type (0..F); 64-bit: 0
    uint16_t flags = 0;       // 64-bit flag halfword; 32-bit: 0
    uint16_t data_len = 0;    // 64-bit length field; 32-bit: words*4 or the buffer length
    bool generic = false, timestamped = false;
    uint8_t words = 0, word_size = 4;  // data words (generic: 1, d1) and their width
    uint32_t data_off = 0;    // first data word
    uint32_t buf_off = 0, buf_len = 0;  // generic buffer
    uint32_t pad_off = 0, pad_len = 0;  // padding after the data / buffer
    int32_t tid_off = -1, ts_off = -1, cpu_off = -1, regs_off = -1;
    uint8_t regs = 0;
    uint8_t ts_size = 0;
};

// Parses the entry at p[0..avail). On failure returns false and sets `why`
// (the offset it names is relative to p). `sniffing` applies the stricter
// limits used for detection.
bool parse_entry(const uint8_t* p, size_t avail, const Layout& l, Entry& e, std::string& why, uint32_t& why_at,
                 bool sniffing = false);

// The (canonical) hook ID text: 32-bit "hhh", 64-bit "hhhh".
std::string hook_text(const Entry& e, bool b64);

}  // namespace tk::aix
