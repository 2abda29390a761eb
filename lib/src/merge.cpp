// SPDX-License-Identifier: MIT
#include "tracekit/merge.hpp"

namespace tk {

void Merger::add(EventStream* stream, uint32_t tag) { slots_.push_back({stream, tag, {}, true}); }

// A linear scan beats a heap for the handful of streams a trace has (one per
// CPU and instance), and keeps the tie-break trivially stable.
bool Merger::next(Event& ev, uint32_t* tag) {
    if (!primed_) {
        for (Slot& s : slots_) s.live = s.stream->next(s.ev);
        primed_ = true;
    }
    // Advance the stream handed out last only now: its payload view had to stay
    // valid until the caller was done with it.
    if (advance_) advance_->live = advance_->stream->next(advance_->ev);
    advance_ = nullptr;
    Slot* best = nullptr;
    for (Slot& s : slots_)
        if (s.live && (!best || s.ev.ts < best->ev.ts)) best = &s;
    if (!best) return false;
    ev = best->ev;
    if (tag) *tag = best->tag;
    advance_ = best;
    return true;
}

}  // namespace tk
