// SPDX-License-Identifier: MIT
#include "tracekit/diagnostics.hpp"

namespace tk {

namespace {
constexpr DiagInfo kInfos[] = {
#define TK_DIAG_INFO(name, sev, desc) {#name, Severity::sev, desc},
    TK_DIAGNOSTICS(TK_DIAG_INFO)
#undef TK_DIAG_INFO
};
}  // namespace

const DiagInfo& diag_info(Diag d) { return kInfos[static_cast<size_t>(d)]; }

void Diagnostics::add(Diag d, uint64_t n, const std::string& first_message) {
    size_t i = static_cast<size_t>(d);
    if (counts_[i] == 0 && !first_message.empty()) first_[i] = first_message;
    counts_[i] += n;
}

bool Diagnostics::any(Severity at_least) const {
    for (size_t i = 0; i < counts_.size(); ++i)
        if (counts_[i] && kInfos[i].severity >= at_least) return true;
    return false;
}

std::string Diagnostics::summary(Severity at_least) const {
    std::string out;
    for (size_t i = 0; i < counts_.size(); ++i) {
        if (!counts_[i] || kInfos[i].severity < at_least) continue;
        out += "tracekit: ";
        out += kInfos[i].severity == Severity::info ? "note" : "warning";
        out += ": " + std::to_string(counts_[i]) + " " + kInfos[i].name + ": " + kInfos[i].description;
        if (!first_[i].empty()) out += " (first: " + first_[i] + ")";
        out += '\n';
    }
    return out;
}

std::string Diagnostics::first_errors(Severity at_least) const {
    std::string out;
    for (size_t i = 0; i < counts_.size(); ++i)
        if (counts_[i] && kInfos[i].severity >= at_least && !first_[i].empty())
            out += "tracekit: error: " + first_[i] + "\n";
    return out;
}

}  // namespace tk
