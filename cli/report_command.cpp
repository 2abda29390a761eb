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
#include "render/trcrpt_text.hpp"
#include "tracedat/trcfmt_templates.hpp"
#include "trcfmt/template_set.hpp"
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
    std::string style;                       // tracecmd | trcrpt | json; "" = by the input's format
    std::vector<std::string> templates;      // --templates FILE (trcrpt)
    std::vector<std::string> trcrpt_opts;    // -O exec=on,... (trcrpt)
    bool no_heading = false;
};

// Formats without a trcfmt adapter of their own (POSIX, CX/UX): the payload
// is the entry and the event type the hook, so only user templates (or the
// UNDEFINED form) show them.
class RawTrcrptAdapter : public TrcrptAdapter {
public:
    explicit RawTrcrptAdapter(const TraceInfo& info) : order_(info.order), long8_(info.kernel_long_size == 8) {}
    void entry(const Event& ev, trcfmt::EntryView& e) const override {
        e = trcfmt::EntryView{};
        e.bytes = ev.payload;
        e.order = order_;
        e.hook64 = e.trace64 = long8_;
        e.hook_key = tracedat::trcfmt_hook_key(ev.type_id);
        e.data_len = static_cast<uint32_t>(ev.payload.size());
        e.pid = ev.pid;
        e.tid = ev.tid >= 0 ? ev.tid : ev.pid;
        e.cpu = ev.cpu;
        e.timestamp = ev.ts;
        e.log_offset = ev.file_offset;
    }

private:
    ByteOrder order_;
    bool long8_;
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

// --cpu, -F and -v, as trace-cmd applies them. Quirk kept from trace-cmd 3.1.6:
// with --cpu only the top buffers are read.
bool selected(const Event& ev, Input& in, const std::set<int>& cpus, bool invert) {
    if (!cpus.empty() && (!cpus.count(ev.cpu) || ev.instance != 0)) return false;
    if (!in.filter) return true;
    tep_record rec;
    TepSession::fill_record(ev, rec);
    bool match = tep_filter_match(in.filter, &rec) == TEP_ERRNO__FILTER_MATCH;
    return match != invert;
}

// The damage summary and exit status shared by every style.
int finish(const ReportArgs& a, std::vector<std::unique_ptr<Input>>& inputs, Output& out);

// --style trcrpt: every event through a trcfmt template (docs/trcfmt.md, "Reports").
int run_trcrpt(const ReportArgs& a, std::vector<std::unique_ptr<Input>>& inputs, const std::set<int>& cpus,
               Output& out) {
    TrcrptOptions opt;
    for (const std::string& o : a.trcrpt_opts) parse_trcrpt_options(o, opt);
    if (a.no_heading) opt.heading = false;
    // User templates are checked once, before anything is printed.
    for (const std::string& path : a.templates) {
        trcfmt::TemplateSet check;
        auto diags = check.load_file(path);
        if (!diags.empty()) {
            for (const auto& d : diags) std::fprintf(stderr, "tracekit: error: %s\n", d.str().c_str());
            return 1;
        }
    }
    std::vector<std::unique_ptr<trcfmt::TemplateSet>> sets;
    std::vector<std::unique_ptr<TrcrptAdapter>> adapters;
    std::vector<const TraceInfo*> infos;
    TrcrptText text(opt, out);
    for (auto& in : inputs) {
        const TraceInfo& info = in->reader->info();
        infos.push_back(&info);
        auto set = std::make_unique<trcfmt::TemplateSet>();
        std::string builtin, builtin_name;
        if (info.family == FormatFamily::tracedat) {
            builtin = tracedat::generate_trcfmt(*in->tep, info);
            builtin_name = info.file + " (generated templates)";
            adapters.push_back(std::make_unique<tracedat::TrcfmtAdapter>(*in->tep, info));
        } else if (info.family == FormatFamily::aix) {
            auto it = info.extras.find("aix:trcfmt");
            if (it != info.extras.end()) builtin = it->second, builtin_name = info.file + " (aix:trcfmt)";
            auto layout = info.extras.find("aix:layout");
            bool hook64 = layout != info.extras.end() && layout->second == "64";
            adapters.push_back(std::make_unique<AixTrcrptAdapter>(hook64, info.order));
        } else {
            adapters.push_back(std::make_unique<RawTrcrptAdapter>(info));
        }
        if (!builtin.empty()) {
            auto diags = set->load(builtin, builtin_name);
            for (const auto& d : diags) std::fprintf(stderr, "tracekit: warning: %s\n", d.str().c_str());
        }
        for (const std::string& path : a.templates) set->load_file(path);
        bool ticks = a.raw_ts || !(info.instances.empty() ? info.clock.in_nanoseconds : info.instances[0].clock_in_ns);
        text.add_input(*set, *adapters.back(), ticks);
        for (const auto& [pid, comm] : info.comms) text.state().set_exec(pid, comm);
        text.state().logfile = info.file;
        sets.push_back(std::move(set));
    }
    text.heading(infos);

    Merger merger;
    for (uint32_t i = 0; i < inputs.size(); ++i)
        for (auto& s : inputs[i]->streams) merger.add(s.get(), i);
    Event ev;
    uint32_t which = 0;
    while (merger.next(ev, &which)) {
        Input& in = *inputs[which];
        if (!selected(ev, in, cpus, a.invert)) continue;
        if (!text.event(which, ev)) break;  // $STOP
        if (!out.ok()) break;
    }
    out.flush();
    int rc = finish(a, inputs, out);
    if (text.errors()) {
        std::fprintf(stderr, "tracekit: error: %llu event%s could not be rendered (first: %s)\n",
                     static_cast<unsigned long long>(text.errors()), text.errors() == 1 ? "" : "s",
                     text.first_error().c_str());
        rc = 1;
    }
    return rc;
}

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
    // trace.dat prints as trace-cmd does; other formats (AIX logs) default to trcrpt.
    bool trcrpt = a.style == "trcrpt";
    if (a.style.empty())
        for (auto& in : inputs) trcrpt |= in->reader->info().family != FormatFamily::tracedat;
    if (trcrpt) return run_trcrpt(a, inputs, cpus, out);
    Merger merger;
    for (uint32_t i = 0; i < inputs.size(); ++i)
        for (auto& s : inputs[i]->streams) merger.add(s.get(), i);

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
        Input& in = *inputs[which];
        if (!selected(ev, in, cpus, a.invert)) continue;
        const Instance& inst = in.reader->info().instances[ev.instance];
        if (a.json) json[which]->event(ev, inst.name);
        else text[which]->event(ev, in.prefixes[ev.instance], inst.clock_in_ns);
        if (!out.ok()) break;
    }
    out.flush();
    return finish(a, inputs, out);
}

int finish(const ReportArgs& a, std::vector<std::unique_ptr<Input>>& inputs, Output& out) {
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
    c->add_option("--style", a->style, "Output style: tracecmd (= trace-cmd report; the default for trace.dat), trcrpt (the default for AIX logs: AIX trcrpt columns, every event through a trcfmt template), json (= --json)")
        ->check(CLI::IsMember({"tracecmd", "trcrpt", "json"}));
    c->add_option("-T,--templates", a->templates, "trcrpt: a trcfmt template file (repeatable); its templates replace the built-in ones for their hooks")
        ->allow_extra_args(false);
    c->add_option("-O", a->trcrpt_opts, "trcrpt: columns, as trcrpt -O takes them: exec=on,pid=on,tid=on,cpuid=on,timestamp=0|1|2|3")
        ->allow_extra_args(false);
    c->add_flag("--no-heading", a->no_heading, "trcrpt: no summary and title lines (trcrpt -h)");
    return [a] {
        if (a->style == "json") a->json = true;
        else if (a->json) {
            if (a->style == "trcrpt") throw UsageError("--json and --style trcrpt exclude each other");
            a->style = "json";
        }
        bool trcrpt_opts = !a->templates.empty() || !a->trcrpt_opts.empty() || a->no_heading;
        if (a->style.empty() && trcrpt_opts) a->style = "trcrpt";
        if (!a->style.empty() && a->style != "trcrpt" && trcrpt_opts)
            throw UsageError("--templates, -O and --no-heading need --style trcrpt");
        return run_report(*a);
    };
}

}  // namespace tk::cli
