// SPDX-License-Identifier: MIT
#include "tep_session.hpp"

#include <traceevent/event-parse.h>

#include <vector>

namespace tk {

TepSession::TepSession(const TraceInfo& info, bool load_plugins, Diagnostics& diag) {
    tep_ = tep_alloc();
    if (!tep_) throw std::bad_alloc();
    tep_set_file_bigendian(tep_, info.order == ByteOrder::big ? TEP_BIG_ENDIAN : TEP_LITTLE_ENDIAN);
    tep_set_local_bigendian(tep_, host_order == ByteOrder::big ? TEP_BIG_ENDIAN : TEP_LITTLE_ENDIAN);
    tep_set_long_size(tep_, info.kernel_long_size);
    tep_set_page_size(tep_, static_cast<int>(info.page_size));
    tep_set_cpus(tep_, info.cpus);
    if (!info.header_page.empty()) {
        std::vector<char> hp(info.header_page.begin(), info.header_page.end());
        tep_parse_header_page(tep_, hp.data(), hp.size(), info.user_long_size);
    }
    if (load_plugins) plugins_ = tep_load_plugins(tep_);
    auto parse = [&](const std::string& text, const char* system) {
        enum tep_errno rc = tep_parse_event(tep_, text.data(), text.size(), system);
        if (rc != 0) {
            std::string first = text.substr(0, text.find('\n'));
            diag.add(Diag::event_format_rejected, 1, std::string(system) + "/" + first);
        }
    };
    for (const std::string& f : info.ftrace_formats) parse(f, "ftrace");
    for (const auto& [system, formats] : info.event_formats)
        for (const std::string& f : formats) parse(f, system.c_str());
    // These parsers want NUL-terminated text; std::string provides it.
    if (!info.kallsyms.empty()) tep_parse_kallsyms(tep_, info.kallsyms.c_str());
    if (!info.printk_formats.empty()) tep_parse_printk_formats(tep_, info.printk_formats.c_str());
    if (!info.cmdlines.empty()) tep_parse_saved_cmdlines(tep_, info.cmdlines.c_str());
}

TepSession::~TepSession() {
    if (plugins_) tep_unload_plugins(plugins_, tep_);
    tep_free(tep_);
}

void TepSession::fill_record(const Event& ev, tep_record& rec) {
    rec = {};
    rec.ts = ev.ts;
    rec.offset = ev.file_offset;
    rec.missed_events = ev.missed_before;
    rec.record_size = static_cast<int>(ev.payload.size());
    rec.size = static_cast<int>(ev.payload.size());
    rec.data = const_cast<uint8_t*>(ev.payload.data());
    rec.cpu = ev.cpu;
    rec.ref_count = 1;
    rec.locked = 1;
}

}  // namespace tk
