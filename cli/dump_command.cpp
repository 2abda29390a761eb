// SPDX-License-Identifier: MIT
// `tracekit dump`: the headers of a trace.dat file, as `trace-cmd dump` shows them.
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "commands.hpp"
#include "tracedat/dump.hpp"
#include "tracedat/tracedat_file.hpp"
#include "tracekit/diagnostics.hpp"
#include "tracekit/error.hpp"
#include "tracekit/mapped_file.hpp"
#include "tracekit/output.hpp"

namespace tk::cli {

namespace {

struct DumpArgs {
    std::vector<std::string> files, inputs;
    bool validate = false, json = false;
    uint32_t items = 0;
};

int run_dump(const DumpArgs& a) {
    // Like trace-cmd, the last file named wins; the default is trace.dat.
    std::string path = "trace.dat";
    if (!a.inputs.empty()) path = a.inputs.back();
    if (!a.files.empty()) path = a.files.back();
    Diagnostics diag;
    auto mapped = std::make_shared<MappedFile>(path);
    tracedat::TraceDatFile file(mapped, diag);
    Output out(1);
    if (a.json) {
        out.put(tracedat::dump_json(file));
    } else {
        uint32_t items = a.items;
        if (!items && !a.validate) items = tracedat::DUMP_SUMMARY;
        tracedat::dump_text(file, items, path, out);
        if (a.validate) out.put("File " + path + " is a valid trace-cmd file\n");
    }
    out.flush();
    // Damage found while reading the headers (e.g. a lost STRINGS section) fails the dump.
    if (diag.any(Severity::data_loss)) {
        std::fputs(diag.first_errors(Severity::data_loss).c_str(), stderr);
        std::fputs(diag.summary(Severity::data_loss).c_str(), stderr);
        return 1;
    }
    if (!out.ok()) {
        std::fprintf(stderr, "tracekit: error: writing the dump failed\n");
        return 1;
    }
    return 0;
}

}  // namespace

Runner add_dump(CLI::App& app) {
    auto a = std::make_shared<DumpArgs>();
    CLI::App* c = app.add_subcommand("dump", "Show the headers of a trace.dat file (like trace-cmd dump)");
    c->add_option("file", a->files, "The trace.dat file (default trace.dat)");
    c->add_option("-i,--input", a->inputs, "Input file, as trace-cmd takes it")->allow_extra_args(false);
    c->add_flag("-v,--validate", a->validate, "Only check the file; print \"File X is a valid trace-cmd file\"");
    c->add_flag("--json", a->json, "Print the whole header model as one JSON document");
    struct View {
        const char* flag;
        uint32_t bits;
        const char* help;
    };
    static const View views[] = {
        {"--all", tracedat::DUMP_ALL, "Print all header data"},
        {"--summary", tracedat::DUMP_SUMMARY, "Print a summary of the headers (the default)"},
        {"--head-page", tracedat::DUMP_HEAD_PAGE, "Print the header page format"},
        {"--head-event", tracedat::DUMP_HEAD_EVENT, "Print the header event format"},
        {"--ftrace-events", tracedat::DUMP_FTRACE_FORMAT, "Print the ftrace event formats"},
        {"--systems", tracedat::DUMP_EVENT_SYSTEMS, "Print the recorded event systems"},
        {"--events", tracedat::DUMP_EVENT_FORMAT, "Print the formats of the recorded events"},
        {"--kallsyms", tracedat::DUMP_KALLSYMS, "Print the kernel symbol map"},
        {"--printk", tracedat::DUMP_TRACE_PRINTK, "Print the trace_printk() format strings"},
        {"--cmd-lines", tracedat::DUMP_CMDLINES, "Print the saved PID to command name map"},
        {"--options", tracedat::DUMP_OPTIONS, "Print the options"},
        {"--flyrecord", tracedat::DUMP_FLYRECORD, "Print the per-CPU data offsets and sizes"},
        {"--clock", tracedat::DUMP_CLOCK, "Print the trace clock saved in the file"},
        {"--sections", tracedat::DUMP_SECTIONS, "Print the section headers (v7)"},
        {"--strings", tracedat::DUMP_STRINGS, "Print the strings section (v7)"},
    };
    for (const View& v : views) {
        uint32_t bits = v.bits;
        c->add_flag_callback(v.flag, [a, bits] { a->items |= bits; }, v.help);
    }
    return [a] { return run_dump(*a); };
}

}  // namespace tk::cli
