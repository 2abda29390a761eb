// SPDX-License-Identifier: MIT
// `tracekit report`: the events of one or more trace files in time order, as
// `trace-cmd report` prints them (default), or as JSON lines.
#include <traceevent/event-parse.h>
#include <unistd.h>

#include <cstdio>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "commands.hpp"
#include "cpu_list.hpp"
#include "render/json_lines.hpp"
#include "render/tracecmd_text.hpp"
#include "tracekit/error.hpp"
#include "tracekit/merge.hpp"
#include "tracekit/registry.hpp"

namespace tk::cli {

namespace {

struct ReportArgs {
    std::vector<std::string> files, inputs;
    bool raw = false, no_plugins = false, nsec = false, raw_ts = false, latency = false, json = false;
    bool invert = false, no_date = false, strict = false;
    std::string cpus, format;
    long long ts_offset = 0;
    std::vector<std::string> filters;
};

// Everything report holds for one input file.
struct Input {
    std::unique_ptr<TraceReader> reader;
    std::unique_ptr<TepSession> tep;
    std::vector<std::unique_ptr<EventStream>> streams;
    tep_event_filter* filter = nullptr;
    std::vector<std::string> prefixes;  // per instance
    ~Input() {
        if (filter) tep_filter_free(filter);
    }
};

int run_report(const ReportArgs& a) {
    std::vector<std::string> paths = a.inputs;
    paths.insert(paths.end(), a.files.begin(), a.files.end());
    if (paths.empty()) paths.push_back("trace.dat");  // trace-cmd's default
    std::set<int> cpus;
    if (!a.cpus.empty()) cpus = parse_cpu_list(a.cpus);

    std::vector<std::unique_ptr<Input>> inputs;
    for (size_t i = 0; i < paths.size(); ++i) {
        const std::string& p = paths[i];
        // trace-cmd 3.1.6 applies --ts-offset to the file given before it, and
        // ignores it when only one file is read; tracekit does the same.
        bool offset_here = paths.size() > 1 && i + 1 == paths.size();
        ReaderOptions ro{a.raw_ts, a.no_date, offset_here ? a.ts_offset : 0};
        auto in = std::make_unique<Input>();
        in->reader = open_trace(std::make_shared<MappedFile>(p), ro, a.format);
        in->tep = std::make_unique<TepSession>(in->reader->info(), !a.no_plugins, in->reader->diagnostics());
        if (!a.filters.empty()) {
            in->filter = tep_filter_alloc(in->tep->tep());
            for (const std::string& f : a.filters) {
                enum tep_errno rc = tep_filter_add_filter_str(in->filter, f.c_str());
                if (rc < 0) {
                    char msg[256] = "";
                    tep_filter_strerror(in->filter, rc, msg, sizeof msg);
                    throw UsageError("bad filter \"" + f + "\": " + msg);
                }
            }
        }
        in->streams = in->reader->open_streams();
        inputs.push_back(std::move(in));
    }

    // The name column, as trace-cmd prints it: with several files every buffer
    // is named (the top one by its file), right-aligned; with one file only
    // instances are named and the top buffer gets blanks.
    bool several = inputs.size() > 1;
    auto buffer_name = [&](size_t file, const Instance& inst) {
        return inst.name.empty() && several ? paths[file] : inst.name;
    };
    size_t width = 0;
    bool named = several;
    for (size_t i = 0; i < inputs.size(); ++i)
        for (const Instance& inst : inputs[i]->reader->info().instances) {
            if (!inst.name.empty()) named = true;
            width = std::max(width, buffer_name(i, inst).size());
        }
    for (size_t i = 0; i < inputs.size(); ++i)
        for (const Instance& inst : inputs[i]->reader->info().instances) {
            std::string n = buffer_name(i, inst), p;
            if (named) p = n.empty() ? std::string(width + 2, ' ') : std::string(width - n.size(), ' ') + n + ": ";
            inputs[i]->prefixes.push_back(p);
        }

    Output out(STDOUT_FILENO);
    Merger merger;
    for (uint32_t i = 0; i < inputs.size(); ++i)
        for (auto& s : inputs[i]->streams) merger.add(s.get(), i);
    // Quirk kept from trace-cmd 3.1.6: with --cpu only the top buffers are read.
    bool top_only = !cpus.empty();

    std::vector<std::unique_ptr<TracecmdText>> text;
    std::vector<std::unique_ptr<JsonLines>> json;
    for (auto& in : inputs) {
        if (a.json) json.push_back(std::make_unique<JsonLines>(*in->tep, out));
        else text.push_back(std::make_unique<TracecmdText>(*in->tep, TextStyle{a.raw, a.latency, a.nsec, a.raw_ts}, out));
    }
    if (!a.json) {
        for (auto& in : inputs) out.put((several ? in->prefixes[0] : "") + "cpus=" + std::to_string(in->reader->info().cpus) + "\n");
        // Latency-format files hold the kernel's text, printed as it is.
        for (auto& in : inputs)
            for (const Instance& inst : in->reader->info().instances)
                if (inst.latency) out.put(inst.latency_text);
    }

    Event ev;
    uint32_t which = 0;
    while (merger.next(ev, &which)) {
        if (!cpus.empty() && !cpus.count(ev.cpu)) continue;
        if (top_only && ev.instance != 0) continue;
        Input& in = *inputs[which];
        if (in.filter) {
            tep_record rec;
            TepSession::fill_record(ev, rec);
            bool match = tep_filter_match(in.filter, &rec) == TEP_ERRNO__FILTER_MATCH;
            if (match == a.invert) continue;
        }
        const Instance& inst = in.reader->info().instances[ev.instance];
        if (a.json) json[which]->event(ev, inst.name);
        else text[which]->event(ev, in.prefixes[ev.instance], inst.clock_in_ns);
        if (!out.ok()) break;
    }
    out.flush();

    int rc = 0;
    for (auto& in : inputs) {
        Diagnostics& d = in->reader->diagnostics();
        const Diag kinds[] = {Diag::truncated_cpu_data, Diag::truncated_section, Diag::bad_page, Diag::bad_record};
        bool damaged = false;
        for (Diag k : kinds) damaged |= d.count(k) > 0;
        std::string summary = d.summary(Severity::data_loss);
        // Overruns recorded by the kernel are part of the trace, not damage.
        if (damaged) {
            for (Diag k : kinds)
                if (d.count(k)) std::fprintf(stderr, "tracekit: error: %s\n", d.first_message(k).c_str());
            std::fputs(summary.c_str(), stderr);
            rc = 1;
        }
        if (a.strict && d.any(Severity::data_loss)) {
            if (!damaged) std::fputs(summary.c_str(), stderr);
            rc = 1;
        }
    }
    if (!out.ok()) {
        std::fprintf(stderr, "tracekit: error: writing the report failed\n");
        rc = 1;
    }
    return rc;
}

}  // namespace

Runner add_report(CLI::App& app) {
    auto a = std::make_shared<ReportArgs>();
    CLI::App* c = app.add_subcommand("report", "Print the events of trace files in time order (like trace-cmd report)");
    c->add_option("files", a->files, "Trace files (\"-\" = stdin); default trace.dat");
    c->add_option("-i,--input", a->inputs, "Input file, as trace-cmd takes it (repeatable: files are merged by time)")
        ->allow_extra_args(false);
    c->add_flag("-R", a->raw, "Print raw field=value pairs instead of the event's print format");
    c->add_flag("-N", a->no_plugins, "Do not load libtraceevent plugins");
    c->add_flag("-t", a->nsec, "Print timestamps in nanoseconds");
    c->add_flag("--raw-ts", a->raw_ts, "Print the file's raw timestamps (no clock conversion or offsets)");
    c->add_flag("-l", a->latency, "Print the latency column (irqs-off, need-resched, irq context, preempt depth)");
    c->add_option("--cpu", a->cpus, "Only these CPUs, e.g. 0,2-3");
    c->add_option("--ts-offset", a->ts_offset, "Add this many ns to the last file's timestamps when merging several files (trace-cmd's rule)");
    c->add_option("-F,--filter", a->filters, "libtraceevent filter 'event[: condition]' (repeatable)")
        ->allow_extra_args(false);
    c->add_flag("-v", a->invert, "Invert the -F filters: print what does not match");
    c->add_flag("--nodate", a->no_date, "Ignore the file's DATE option");
    c->add_flag("--json", a->json, "One JSON object per event and line (ts in ns, cpu, pid, comm, system, event, fields)");
    c->add_flag("--strict", a->strict, "Exit non-zero when any data was lost (also kernel overruns)");
    c->add_option("--from", a->format, "Force the input format (see `tracekit formats`) instead of sniffing");
    return [a] { return run_report(*a); };
}

}  // namespace tk::cli
