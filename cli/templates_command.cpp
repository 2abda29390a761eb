// SPDX-License-Identifier: MIT
// `tracekit templates`: check and generate trcfmt template files.
// `templates check FILE...` validates like `trcrpt -c -t FILE`: silent parse
// of every stanza, each problem as `file:line:col: message` on stderr.
// `templates generate TRACE [-o OUT]` writes the templates `report --style
// trcrpt` uses for a trace (trace.dat: generated from the event formats; AIX:
// the companion template text), to edit and load back with --templates.
#include <unistd.h>

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "commands.hpp"
#include "render/tep_session.hpp"
#include "tracedat/trcfmt_templates.hpp"
#include "tracekit/atomic_file.hpp"
#include "tracekit/error.hpp"
#include "tracekit/output.hpp"
#include "tracekit/registry.hpp"
#include "trcfmt/template_set.hpp"

namespace tk::cli {

namespace {

struct TemplatesArgs {
    std::vector<std::string> check_files;
    std::string trace, out, format;
};

int run_generate(const TemplatesArgs& a) {
    auto reader = open_trace(std::make_shared<MappedFile>(a.trace), ReaderOptions{}, a.format);
    const TraceInfo& info = reader->info();
    std::string text;
    if (info.family == FormatFamily::tracedat) {
        TepSession tep(info, true, reader->diagnostics());
        text = tracedat::generate_trcfmt(tep, info);
    } else {
        auto it = info.extras.find("aix:trcfmt");
        if (it == info.extras.end() || it->second.empty())
            throw UsageError(a.trace + ": the trace carries no event formats or templates to generate from");
        text = it->second;
        if (text.back() != '\n') text.push_back('\n');
    }
    if (a.out.empty() || a.out == "-") {
        Output o(STDOUT_FILENO);
        o.put(text);
        o.flush();
        if (!o.ok()) {
            std::fprintf(stderr, "tracekit: error: writing the templates failed\n");
            return 1;
        }
        return 0;
    }
    if (same_file(a.out, a.trace)) throw UsageError(a.out + ": will not overwrite the input trace");
    AtomicFile f(a.out);
    f.write(text);
    f.commit();
    return 0;
}

int run_check(const TemplatesArgs& a) {
    int rc = 0;
    for (const auto& path : a.check_files) {
        trcfmt::TemplateSet set;
        auto diags = set.load_file(path);
        if (!diags.empty()) {
            for (const auto& d : diags) std::fprintf(stderr, "%s\n", d.str().c_str());
            rc = 1;
            continue;
        }
        std::printf("%s: %zu template%s OK\n", path.c_str(), set.size(), set.size() == 1 ? "" : "s");
    }
    return rc;
}

}  // namespace

Runner add_templates(CLI::App& app) {
    auto a = std::make_shared<TemplatesArgs>();
    CLI::App* c = app.add_subcommand("templates", "Check or generate trcfmt template files");
    c->require_subcommand(1);
    CLI::App* check = c->add_subcommand("check", "Validate trcfmt template files (like trcrpt -c); errors as file:line:col: message");
    check->add_option("FILE", a->check_files, "Template files")->required();
    CLI::App* gen = c->add_subcommand("generate", "Write the trcfmt templates `report --style trcrpt` uses for a trace (stdout by default)");
    gen->add_option("FILE", a->trace, "Trace file (trace.dat: templates from its event formats)")->required();
    gen->add_option("-o,--output", a->out, "Write to this file instead of stdout");
    gen->add_option("--from", a->format, "Force the input format instead of sniffing");
    return [a, check, gen] {
        if (check->parsed()) return run_check(*a);
        if (gen->parsed()) return run_generate(*a);
        return 2;
    };
}

}  // namespace tk::cli
