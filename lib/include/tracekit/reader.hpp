// SPDX-License-Identifier: MIT
#pragma once
// What every format reader offers: the trace's metadata in the canonical model,
// and its events as one stream per (instance, CPU), each in time order.
#include <memory>
#include <vector>

#include "tracekit/diagnostics.hpp"
#include "tracekit/model.hpp"

namespace tk {

class EventStream {
public:
    virtual ~EventStream() = default;
    // Fills `ev` with the next event; false at the end. The payload view stays
    // valid until the next call on this stream.
    virtual bool next(Event& ev) = 0;
};

class TraceReader {
public:
    virtual ~TraceReader() = default;
    virtual const TraceInfo& info() const = 0;
    // One stream per CPU of each instance, in instance order then CPU order
    // (the merge's tie-break follows this order).
    virtual std::vector<std::unique_ptr<EventStream>> open_streams() = 0;
    Diagnostics& diagnostics() { return diag_; }

protected:
    Diagnostics diag_;
};

}  // namespace tk
