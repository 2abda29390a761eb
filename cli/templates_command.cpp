// SPDX-License-Identifier: MIT
// `tracekit templates`: check and generate trcfmt template files.
#include "commands.hpp"

namespace tk::cli {

Runner add_templates(CLI::App& app) {
    CLI::App* c = app.add_subcommand("templates", "Check or generate trcfmt template files");
    c->require_subcommand(1);
    return [] { return 0; };
}

}  // namespace tk::cli
