// SPDX-License-Identifier: MIT
// `tracekit templates`: check (and, later, generate) trcfmt template files.
// `templates check FILE...` validates like `trcrpt -c -t FILE`: silent parse
// of every stanza, each problem as `file:line:col: message` on stderr.
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "commands.hpp"
#include "trcfmt/template_set.hpp"

namespace tk::cli {

namespace {

struct TemplatesArgs {
    std::vector<std::string> check_files;
};

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
    return [a, check] {
        if (check->parsed()) return run_check(*a);
        return 2;
    };
}

}  // namespace tk::cli
