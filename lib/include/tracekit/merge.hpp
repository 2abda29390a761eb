// SPDX-License-Identifier: MIT
#pragma once
// Merges time-ordered streams into one, by timestamp; ties go to the stream
// listed first, which is how trace-cmd orders CPUs, instances and files.
#include <cstdint>
#include <memory>
#include <vector>

#include "tracekit/reader.hpp"

namespace tk {

class Merger {
public:
    void add(EventStream* stream, uint32_t tag = 0);
    // The next event in time order; `tag` is the value given to add().
    bool next(Event& ev, uint32_t* tag = nullptr);

private:
    struct Slot {
        EventStream* stream;
        uint32_t tag;
        Event ev;
        bool live;
    };
    std::vector<Slot> slots_;
    bool primed_ = false;
    Slot* advance_ = nullptr;  // the slot whose event was handed out last
};

}  // namespace tk
