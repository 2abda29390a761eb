// SPDX-License-Identifier: MIT
#include "layout.hpp"

#include <cstdio>

namespace tk::aix {

namespace {
bool fail(std::string& why, uint32_t& at, uint32_t off, std::string msg) {
    why = std::move(msg);
    at = off;
    return false;
}
std::string hx(uint64_t v, int digits) {
    char b[32];
    std::snprintf(b, sizeof b, "%0*llx", digits, static_cast<unsigned long long>(v));
    return b;
}
}  // namespace

bool parse_entry(const uint8_t* p, size_t avail, const Layout& l, Entry& e, std::string& why, uint32_t& at,
                 bool sniffing) {
    e = Entry{};
    const uint32_t hw = l.b64 ? 8 : 4;
    if (avail < hw)
        return fail(why, at, 0, "hook word needs " + std::to_string(hw) + " bytes but only " + std::to_string(avail) + " remain");
    uint64_t need = 0;
    if (!l.b64) {
        uint32_t w = load<uint32_t>(p, l.order);
        e.hookword = w;
        e.hook_id = static_cast<uint16_t>(w >> 20);
        e.key = static_cast<uint16_t>(e.hook_id << 4);
        e.type = static_cast<uint8_t>((w >> 16) & 0xF);
        e.hook_data = static_cast<uint16_t>(w);
        e.subhook = e.hook_data;
        e.word_size = 4;
        switch (e.type) {
        case 0x0: case 0x8: case 0x1: case 0x9: case 0x2: case 0xA: case 0x6: case 0xE: break;
        default:
            return fail(why, at, 0, "hook word 0x" + hx(w, 8) + ": hook type " + hx(e.type, 1) +
                                        " is not an AIX type (0 1 2 6 8 9 A E)");
        }
        e.timestamped = (e.type & 8) != 0;
        e.generic = (e.type & 7) == 0;
        e.data_off = 4;
        if (e.generic) {
            if (sniffing && e.hook_data > kSniffMaxGeneric)
                return fail(why, at, 0, "generic buffer of " + std::to_string(e.hook_data) + " bytes");
            e.words = 1;
            e.buf_off = 8;
            e.buf_len = e.hook_data;
            e.data_len = e.hook_data;
            e.pad_off = e.buf_off + e.buf_len;
            e.pad_len = (4 - e.buf_len % 4) % 4;
        } else {
            unsigned n = (e.type & 7) - 1;  // hook word + n words
            e.words = static_cast<uint8_t>(n);
            e.data_len = static_cast<uint16_t>(n * 4);
            e.pad_off = 4 + n * 4;
        }
        uint32_t end = e.pad_off + e.pad_len;
        if (e.timestamped) {
            e.ts_off = static_cast<int32_t>(end);
            e.ts_size = 4;
            end += 4;
        }
        e.size = end;
        need = end;
    } else {
        uint64_t w = load<uint64_t>(p, l.order);
        e.hookword = w;
        e.flags = static_cast<uint16_t>(w >> 48);
        e.data_len = static_cast<uint16_t>(w >> 32);
        e.hook_id = static_cast<uint16_t>(w >> 16);
        e.key = e.hook_id;
        e.subhook = static_cast<uint16_t>(w);
        e.hook_data = e.subhook;
        if ((e.flags & ~kFlagsKnown) != 0 || (!(e.flags & kFlagRegs) && (e.flags & 7)))
            return fail(why, at, 0, "hook word 0x" + hx(w, 16) + ": flags 0x" + hx(e.flags, 4) + " use bits AIX does not define");
        e.timestamped = e.flags & kFlagTime;
        e.generic = e.flags & kFlagGeneric;
        e.word_size = (e.flags & kFlag32Data) ? 4 : 8;
        e.data_off = 8;
        uint32_t area;
        if (e.generic) {
            if (sniffing && e.data_len > kSniffMaxGeneric)
                return fail(why, at, 0, "generic buffer of " + std::to_string(e.data_len) + " bytes");
            e.words = 1;
            e.buf_off = 8 + e.word_size;
            e.buf_len = e.data_len;
            area = e.word_size + e.data_len;
        } else {
            if (e.data_len % e.word_size || e.data_len > 5u * e.word_size)
                return fail(why, at, 0, "hook word 0x" + hx(w, 16) + ": data length " + std::to_string(e.data_len) +
                                            " is not 0 to 5 words of " + std::to_string(e.word_size) + " bytes");
            e.words = static_cast<uint8_t>(e.data_len / e.word_size);
            area = e.data_len;
        }
        e.pad_off = 8 + area;
        e.pad_len = (8 - area % 8) % 8;
        uint32_t end = e.pad_off + e.pad_len;
        e.tid_off = static_cast<int32_t>(end);
        end += 8;
        if (e.timestamped) {
            e.ts_off = static_cast<int32_t>(end);
            e.ts_size = 8;
            end += 8;
        }
        if (e.flags & kFlagCpu) {
            e.cpu_off = static_cast<int32_t>(end);
            end += 8;
        }
        if (e.flags & kFlagRegs) {
            e.regs = static_cast<uint8_t>((e.flags & 7) + 1);
            e.regs_off = static_cast<int32_t>(end);
            end += 8u * e.regs;
        }
        e.size = end;
        need = end;
    }
    if (need > avail)
        return fail(why, at, 0,
                    "entry of hook " + hook_text(e, l.b64) + " needs " + std::to_string(need) + " bytes but the data ends after " +
                        std::to_string(avail));
    return true;
}

std::string hook_text(const Entry& e, bool b64) { return b64 ? hx(e.hook_id, 4) : hx(e.hook_id, 3); }

}  // namespace tk::aix
