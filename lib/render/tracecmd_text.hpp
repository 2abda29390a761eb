// SPDX-License-Identifier: MIT
#pragma once
// `trace-cmd report` text, line for line: the columns report 3.1.6 prints
// around libtraceevent's event text.
#include <string>

#include "render/tep_session.hpp"
#include "tracekit/output.hpp"

struct trace_seq;

namespace tk {

struct TextStyle {
    bool raw_fields = false;  // -R: field=value dump
    bool latency = false;     // -l: latency column
    bool nsec = false;        // -t: nanoseconds
    bool raw_ts = false;      // --raw-ts: the file's raw timestamps
};

class TracecmdText {
public:
    TracecmdText(TepSession& session, TextStyle style, Output& out);
    ~TracecmdText();
    // One event; `prefix` is the instance/file column ("" for none) and
    // `seconds` says whether the clock prints as seconds.
    void event(const Event& ev, std::string_view prefix, bool seconds);

private:
    TepSession& session_;
    TextStyle style_;
    Output& out_;
    trace_seq* seq_;
};

}  // namespace tk
