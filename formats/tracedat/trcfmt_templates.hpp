// SPDX-License-Identifier: MIT
#pragma once
// trcfmt templates for trace.dat events, generated from the event formats
// libtraceevent parsed, and the adapter that hands trace.dat records to the
// template engine. The mapping (docs/trcfmt.md, "Reports"):
//  * hook key: ftrace event id N, 0x10 <= N < 0x1000, is the 3-digit hook ID
//    `%03X` (key N << 4); other ids are 4-digit IDs: N >= 0x1000 as is,
//    N < 0x10 (ftrace's own events; 001-00F are reserved in trcfmt, 007 and
//    008 mean UNDEFINED and DEFAULT) as 0xF000 | N.
//  * entry bytes: the whole ftrace record (common_type first), in the file's
//    byte order, so a field at `offset:` is at `G<offset>`.
//  * DATA POINTER starts at the first non-common field; $D1..$D5 are the first
//    five non-common fields read as numbers (arrays and strings: 0); $HD is the
//    u16 at byte 2 (common_flags | common_preempt_count << 8); $HL the record
//    size; $HT 0; words are the kernel's long size.
#include <cstdint>
#include <string>
#include <vector>

#include "render/tep_session.hpp"
#include "render/trcrpt_text.hpp"
#include "tracekit/model.hpp"

namespace tk::tracedat {

// The 16-bit trcfmt hook key of an ftrace event id.
uint16_t trcfmt_hook_key(uint32_t event_id);

// A trcfmt file with one template per event format of the session, in id
// order. Every field is shown as `name=value`: signed fields D, unsigned U,
// pointers and longs 0x + X, char arrays A, __data_loc strings through
// $DATAPOINTER + LOOP {A0}, other arrays element by element. Levels: syscalls
// SVC, irq/irq_vectors/ipi INT, ftrace print/bprint/bputs APPL, the rest KERN.
std::string generate_trcfmt(const TepSession& session, const TraceInfo& info);

class TrcfmtAdapter : public TrcrptAdapter {
public:
    TrcfmtAdapter(const TepSession& session, const TraceInfo& info);
    void entry(const Event& ev, trcfmt::EntryView& e) const override;
    std::string_view process_name(const Event& ev) const override;

private:
    struct Word {
        uint16_t offset = 0;
        uint8_t size = 0;  // 0: not a number (reads as 0)
        bool is_signed = false;
    };
    struct Info {
        bool known = false;
        uint16_t key = 0;
        uint16_t first = 0;  // offset of the first non-common field
        uint8_t words = 0;
        Word w[5];
    };
    const TepSession& session_;
    ByteOrder order_;
    bool long8_;
    std::vector<Info> by_id_;  // indexed by event id
};

}  // namespace tk::tracedat
