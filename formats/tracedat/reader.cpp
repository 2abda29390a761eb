// SPDX-License-Identifier: MIT
#include "reader.hpp"

#include <cstdio>
#include <cstdlib>

#include "option_ids.hpp"

namespace tk::tracedat {

namespace {
class CpuEventStream : public EventStream {
public:
    CpuEventStream(const TraceDatFile& f, const Buffer& b, const CpuRange& r, uint16_t inst, TimeRule rule)
        : s_(f, b, r, inst, rule) {}
    bool next(Event& ev) override { return s_.next(ev); }

private:
    CpuStream s_;
};

// The clocks trace-cmd 3.1.6 prints as seconds ("boot" is missing even in 3.4).
bool is_ns_clock(const std::string& c) {
    return c.empty() || c == "local" || c == "global" || c == "uptime" || c == "perf" || c.rfind("mono", 0) == 0 ||
           c == "tai";
}
}  // namespace

Reader::Reader(std::shared_ptr<const MappedFile> file, ReadOptions opts)
    : file_(std::make_unique<TraceDatFile>(std::move(file), diag_)), opts_(opts) {
    if (!opts_.raw_ts) {
        rule_.tsc2nsec = file_->has_tsc2nsec();
        rule_.mult = file_->tsc_mult();
        rule_.shift = file_->tsc_shift();
        int64_t date_and_offset = 0;
        for (const Option& o : file_->options()) {
            std::string v(o.payload.substr(0, o.payload.find('\0')));
            if (o.id == OPT_DATE && !opts_.no_date) date_and_offset += std::strtoll(v.c_str(), nullptr, 0) * 1000;
            if (o.id == OPT_OFFSET) date_and_offset += std::strtoll(v.c_str(), nullptr, 0);
        }
        rule_.offset = date_and_offset + opts_.ts_offset;
    } else {
        rule_.offset = opts_.ts_offset;
    }
    fill_info();
}

bool Reader::ns_clock(size_t buffer) const {
    if (file_->has_tsc2nsec()) return true;
    const auto& bs = file_->buffers();
    return is_ns_clock(buffer < bs.size() ? bs[buffer].clock : std::string());
}

std::vector<std::unique_ptr<EventStream>> Reader::open_streams() {
    std::vector<std::unique_ptr<EventStream>> out;
    const auto& bs = file_->buffers();
    for (size_t i = 0; i < bs.size(); ++i) {
        if (bs[i].latency) continue;
        for (const CpuRange& r : bs[i].cpus)
            out.push_back(std::make_unique<CpuEventStream>(*file_, bs[i], r, static_cast<uint16_t>(i), rule_));
    }
    return out;
}

void Reader::fill_info() {
    const TraceDatFile& f = *file_;
    info_.family = FormatFamily::tracedat;
    info_.file = f.name();
    info_.version = f.version();
    info_.order = f.order();
    info_.user_long_size = f.user_long_size();
    info_.kernel_long_size = f.kernel_long_size();
    info_.page_size = f.page_size();
    info_.compression = f.compression() == "none" ? "" : f.compression();
    info_.compression_version = f.compression_version();
    info_.cpus = f.cpus();
    for (const Buffer& b : f.buffers()) {
        Instance in;
        in.name = b.name;
        in.clock = b.clock;
        in.page_size = b.page_size;
        in.latency = b.latency;
        in.latency_text = b.latency_text;
        in.clock_in_ns = f.has_tsc2nsec() || is_ns_clock(b.clock);
        in.section_offset = b.option_offset;
        for (const CpuRange& r : b.cpus) in.cpus.push_back({r.cpu, r.offset, r.size});
        info_.instances.push_back(std::move(in));
    }
    info_.clock.name = f.buffers().empty() ? std::string() : f.buffers()[0].clock;
    info_.clock.in_nanoseconds = ns_clock(0);
    if (f.has_tsc2nsec()) info_.clock.mult_shift = std::make_pair(f.tsc_mult(), f.tsc_shift());
    info_.clock.offset_ns = rule_.offset;
    size_t n = 0;
    for (const Option& o : f.options()) {
        std::string v(o.payload.substr(0, o.payload.find('\0')));
        if (o.id == OPT_UNAME) info_.uname = v;
        else if (o.id == OPT_VERSION) info_.tool_version = v;
        // Options that describe the file's own structure are rebuilt by writers;
        // every other one is kept, in order, for a trace.dat writer to copy.
        bool structural = o.id == OPT_DONE || o.id == OPT_BUFFER || (o.id >= OPT_STRINGS && o.id <= OPT_BUFFER_TEXT);
        if (!structural) {
            char key[48];
            std::snprintf(key, sizeof key, "%s%04zu:%u", kOptionExtraPrefix, n++, o.id);
            info_.extras[key] = std::string(o.payload);
        }
    }
    info_.header_page = f.header_page();
    info_.header_event = f.header_event();
    info_.kallsyms = f.kallsyms();
    info_.printk_formats = f.printk();
    info_.cmdlines = f.cmdlines();
    for (std::string_view fmt : f.ftrace_formats()) info_.ftrace_formats.emplace_back(fmt);
    for (const auto& s : f.systems()) {
        std::vector<std::string> v(s.formats.begin(), s.formats.end());
        info_.event_formats.emplace_back(std::string(s.name), std::move(v));
    }
    // pid -> comm from saved_cmdlines ("pid comm\n" lines).
    std::string_view cl = f.cmdlines();
    while (!cl.empty()) {
        size_t nl = cl.find('\n');
        std::string_view line = cl.substr(0, nl);
        size_t sp = line.find(' ');
        if (sp != std::string_view::npos)
            info_.comms[std::atoi(std::string(line.substr(0, sp)).c_str())] = std::string(line.substr(sp + 1));
        if (nl == std::string_view::npos) break;
        cl.remove_prefix(nl + 1);
    }
}

}  // namespace tk::tracedat
