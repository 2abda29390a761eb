// SPDX-License-Identifier: MIT
#pragma once
// One JSON object per event and line, for scripts:
// {"ts":940602648123,"cpu":0,"pid":13426,"comm":"bash","instance":"foo",
//  "system":"sched","event":"sched_switch","fields":{"prev_comm":"bash",...}}
#include <string_view>

#include "render/tep_session.hpp"
#include "tracekit/output.hpp"

namespace tk {

class JsonLines {
public:
    JsonLines(TepSession& session, Output& out) : session_(session), out_(out) {}
    void event(const Event& ev, std::string_view instance);

private:
    TepSession& session_;
    Output& out_;
};

}  // namespace tk
