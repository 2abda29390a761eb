// SPDX-License-Identifier: MIT
#pragma once
// Recoverable problems are counted here, never silently dropped. One X-macro
// table names each kind, its severity and what it means; readers bump counters
// and keep the first message of each kind (with its byte offset) for the summary.
#include <array>
#include <cstdint>
#include <string>

namespace tk {

enum class Severity : uint8_t { info, data_loss, error };

#define TK_DIAGNOSTICS(X)                                                                                  \
    X(unknown_option, info, "options with an ID this reader does not know (skipped)")                      \
    X(event_format_rejected, info, "event formats libtraceevent could not parse (events print raw)")       \
    X(bad_page, data_loss, "ring-buffer pages with an impossible commit size (rest of the page skipped)")   \
    X(bad_record, data_loss, "records that run past the end of their page (rest of the page skipped)")      \
    X(truncated_cpu_data, data_loss, "per-CPU data cut short by the end of the file or a bad chunk")         \
    X(truncated_section, data_loss, "v7 sections cut short by the end of the file (their contents are missing)") \
    X(lost_events, data_loss, "events the kernel dropped (ring-buffer overruns), as recorded in the file")

enum class Diag : uint8_t {
#define TK_DIAG_ENUM(name, sev, desc) name,
    TK_DIAGNOSTICS(TK_DIAG_ENUM)
#undef TK_DIAG_ENUM
        count_
};

struct DiagInfo {
    const char* name;
    Severity severity;
    const char* description;
};

const DiagInfo& diag_info(Diag d);

class Diagnostics {
public:
    // Count one occurrence; the first message of each kind is kept for the summary.
    void add(Diag d, uint64_t n = 1, const std::string& first_message = {});
    uint64_t count(Diag d) const { return counts_[static_cast<size_t>(d)]; }
    const std::string& first_message(Diag d) const { return first_[static_cast<size_t>(d)]; }
    bool any(Severity at_least) const;
    // One line per non-zero counter: "tracekit: warning: 3 bad_page: ... (first: ...)".
    std::string summary(Severity at_least = Severity::info) const;
    // For each non-zero kind at `at_least` or above: "tracekit: error: FIRST MESSAGE"
    // (the first message names the file and the byte offset).
    std::string first_errors(Severity at_least) const;

private:
    std::array<uint64_t, static_cast<size_t>(Diag::count_)> counts_{};
    std::array<std::string, static_cast<size_t>(Diag::count_)> first_{};
};

}  // namespace tk
