// SPDX-License-Identifier: MIT
// `tracekit convert IN OUT`: re-encode a trace into trace.dat (v6 or v7, any
// compression, either byte order) or an AIX trace log (--output-format aix, or an OUT
// ending in .trc/.aix), optionally keeping only some events.
#include <traceevent/event-parse.h>

#include <cmath>
#include <cstdio>
#include <set>
#include <sstream>

#include "commands.hpp"
#include "cpu_list.hpp"
#include "aix/writer.hpp"
#include "render/tep_session.hpp"
#include "tracedat/writer.hpp"
#include "tracekit/atomic_file.hpp"
#include "tracekit/error.hpp"
#include "tracekit/registry.hpp"

namespace tk::cli {

namespace {

struct ConvertArgs {
    std::vector<std::string> positional;
    std::string input, output, compression, endian, events, cpus, format, to_format;
    int version = 0;
    double from = NAN, to = NAN;
};

struct Candidate {
    int id;
    std::string system, name;
};

// Every event type the input knows: libtraceevent's parsed formats (trace.dat),
// or the model's own types (sources without ftrace formats, e.g. AIX logs).
std::vector<Candidate> candidates(tep_handle* tep) {
    std::vector<Candidate> v;
    for (tep_event** e = tep_list_events(tep, TEP_EVENT_SORT_ID); e && *e; ++e) v.push_back({(*e)->id, (*e)->system, (*e)->name});
    return v;
}
std::vector<Candidate> candidates(const TraceInfo& info) {
    std::vector<Candidate> v;
    for (const EventType& t : info.event_types) v.push_back({static_cast<int>(t.id), t.system, t.name});
    return v;
}

// The event ids named by "sched_switch,irq,sched:sched_wakeup" (names, systems, system:name, system:*).
std::set<int> select_events(const std::vector<Candidate>& all, const std::string& list) {
    std::set<int> ids;
    std::stringstream ss(list);
    std::string item;
    while (std::getline(ss, item, ',')) {
        if (item.empty()) continue;
        size_t colon = item.find(':');
        std::string sys = colon == std::string::npos ? "" : item.substr(0, colon);
        std::string name = colon == std::string::npos ? item : item.substr(colon + 1);
        bool found = false;
        for (const Candidate& c : all) {
            bool match = sys.empty() ? (name == c.name || name == c.system) : (sys == c.system && (name == c.name || name == "*"));
            if (match) ids.insert(c.id), found = true;
        }
        if (!found) throw UsageError("--events: no event or system named \"" + item + "\" in the input");
    }
    return ids;
}

int run_convert(const ConvertArgs& a) {
    std::string in = a.input, out = a.output;
    std::vector<std::string> pos = a.positional;
    if (in.empty() && !pos.empty()) in = pos.front(), pos.erase(pos.begin());
    if (out.empty() && !pos.empty()) out = pos.front(), pos.erase(pos.begin());
    if (in.empty() || out.empty() || !pos.empty()) throw UsageError("convert takes an input and an output file (tracekit convert IN OUT)");
    if (out == "-") throw UsageError("convert writes a seekable file; \"-\" is not supported as the output");
    if (in == out || same_file(in, out)) throw UsageError(out + ": is the input file; convert never overwrites its input");

    // The output format: --output-format, else by OUT's extension, else trace.dat.
    std::string out_format = a.to_format;
    if (out_format.empty()) {
        size_t dot = out.rfind('.'), slash = out.rfind('/');
        std::string ext = dot == std::string::npos || (slash != std::string::npos && dot < slash) ? "" : out.substr(dot);
        out_format = ext == ".trc" || ext == ".aix" ? "aix" : "tracedat";
    }
    if (out_format != "tracedat" && out_format != "aix") throw UsageError("--output-format takes tracedat or aix");
    if (out_format == "aix" && (a.version || !a.compression.empty() || !a.endian.empty()))
        throw UsageError("--file-version, --compression and --endian are trace.dat options (the AIX log keeps the entries' own byte order)");

    auto reader = open_trace(std::make_shared<MappedFile>(in), {}, a.format);
    const TraceInfo& info = reader->info();
    tracedat::WriteOptions wo;
    wo.version = a.version ? a.version : (info.family == FormatFamily::tracedat && info.version ? info.version : 7);
    std::string comp = a.compression.empty() ? (info.compression.empty() ? "none" : info.compression) : a.compression;
    if (comp == "any") comp = "zstd";
    if (!tracedat::codec_from_name(comp, wo.compression)) throw UsageError("unknown compression \"" + comp + "\" (none, zlib, zstd)");
    if (wo.version == 6) wo.compression = tracedat::Codec::none;
    if (a.endian == "big") wo.order = ByteOrder::big;
    else if (a.endian == "little") wo.order = ByteOrder::little;
    else if (!a.endian.empty()) throw UsageError("--endian takes big or little");

    std::set<int> cpus;
    if (!a.cpus.empty()) cpus = parse_cpu_list(a.cpus);
    std::set<int> ids;
    std::unique_ptr<TepSession> tep;
    if (!a.events.empty() && info.family != FormatFamily::tracedat) {
        ids = select_events(candidates(info), a.events);
    } else if (!a.events.empty()) {
        tep = std::make_unique<TepSession>(info, false, reader->diagnostics());
        ids = select_events(candidates(tep->tep()), a.events);
    }
    bool from = !std::isnan(a.from), to = !std::isnan(a.to);
    uint64_t from_ns = from ? static_cast<uint64_t>(std::llround(a.from * 1e9)) : 0;
    uint64_t to_ns = to ? static_cast<uint64_t>(std::llround(a.to * 1e9)) : 0;
    std::function<bool(const Event&)> keep;
    if (!cpus.empty() || !ids.empty() || from || to) {
        keep = [&](const Event& ev) {
            if (!cpus.empty() && !cpus.count(ev.cpu)) return false;
            if (!ids.empty() && !ids.count(static_cast<int>(ev.type_id))) return false;
            if (from && ev.ts < from_ns) return false;
            if (to && ev.ts > to_ns) return false;
            return true;
        };
    }
    int rc = 0;
    if (out_format == "aix") {
        aix::WriteStats as = aix::write_aix(*reader, out, {}, keep);
        if (as.skipped)
            std::fprintf(stderr, "tracekit: warning: %llu events that are not AIX hooks were not written\n",
                         static_cast<unsigned long long>(as.skipped));
        if (as.bad) {
            std::fprintf(stderr, "tracekit: warning: %llu AIX events do not hold one whole hook entry and were not written (first: %s)\n",
                         static_cast<unsigned long long>(as.bad), as.first_bad.c_str());
            rc = 1;
        }
    }
    tracedat::WriteStats st;
    if (out_format == "tracedat") st = tracedat::write_tracedat(*reader, out, wo, keep);
    if (st.dropped_too_big) {
        std::fprintf(stderr, "tracekit: warning: %llu events larger than a page were not written\n",
                     static_cast<unsigned long long>(st.dropped_too_big));
        rc = 1;
    }
    if (st.swap_failures)
        std::fprintf(stderr, "tracekit: warning: %llu events had fields that could not be byte-swapped (no format or bad lengths)\n",
                     static_cast<unsigned long long>(st.swap_failures));
    std::string damage = reader->diagnostics().summary(Severity::data_loss);
    Diagnostics& d = reader->diagnostics();
    if (d.count(Diag::truncated_cpu_data) || d.count(Diag::truncated_section) || d.count(Diag::bad_page) || d.count(Diag::bad_record)) {
        std::fputs(damage.c_str(), stderr);
        rc = 1;
    }
    return rc;
}

}  // namespace

Runner add_convert(CLI::App& app) {
    auto a = std::make_shared<ConvertArgs>();
    CLI::App* c = app.add_subcommand("convert", "Write a trace as trace.dat (v6/v7, any compression, either byte order) or as an AIX trace log");
    c->add_option("files", a->positional, "IN OUT");
    c->add_option("-i,--input", a->input, "Input file (as trace-cmd convert takes it)");
    c->add_option("-o,--output", a->output, "Output file; written via a temporary file and rename, never over IN");
    c->add_option("--file-version", a->version, "trace.dat version to write: 6 or 7 (default: the input's, else 7)")
        ->check(CLI::IsMember({6, 7}));
    c->add_option("--compression", a->compression, "v7 compression: none, zlib, zstd, any (default: the input's)");
    c->add_option("--endian", a->endian, "Byte order to write: big or little (default: the input's)");
    c->add_option("--events", a->events, "Only these events: names, systems or system:name, comma-separated");
    c->add_option("--cpu", a->cpus, "Only these CPUs, e.g. 0,2-3");
    c->add_option("--from", a->from, "Only events at or after this time (seconds, as report shows them)");
    c->add_option("--to", a->to, "Only events at or before this time (seconds)");
    c->add_option("--input-format", a->format, "Force the input format instead of sniffing (e.g. aix, aix32, aix64-le)");
    c->add_option("--output-format", a->to_format, "Output format: tracedat or aix (default: aix for OUT ending in .trc or .aix, else tracedat)");
    return [a] { return run_convert(*a); };
}

}  // namespace tk::cli
