// SPDX-License-Identifier: MIT
// tracekit: read, inspect, convert and render trace files.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>

#include "commands.hpp"
#include "tracekit/error.hpp"
#include "tracekit/registry.hpp"

int main(int argc, char** argv) {
    CLI::App app{"tracekit: read, inspect, convert and render trace files (trace-cmd trace.dat, ...)", "tracekit"};
    app.require_subcommand(1);
    app.set_version_flag("--version", "tracekit 0.1.0");
    auto report = tk::cli::add_report(app);
    auto dump = tk::cli::add_dump(app);
    auto templates = tk::cli::add_templates(app);
    auto convert = tk::cli::add_convert(app);
    auto split = tk::cli::add_split(app);
    auto* formats = app.add_subcommand("formats", "List the formats tracekit reads, in sniffing order");
    int rc = 0;
    try {
        app.parse(argc, argv);
        if (app.got_subcommand("report")) rc = report();
        else if (app.got_subcommand("dump")) rc = dump();
        else if (app.got_subcommand("templates")) rc = templates();
        else if (app.got_subcommand("convert")) rc = convert();
        else if (app.got_subcommand("split")) rc = split();
        else if (formats->parsed()) {
            for (const auto& f : tk::formats()) std::printf("%-10s %s\n", f.name, f.description);
        }
    } catch (const CLI::ParseError& e) {
        return app.exit(e);
    } catch (const tk::FormatError& e) {
        std::fflush(stdout);
        std::fprintf(stderr, "tracekit: error: %s\n", e.what());
        return 1;
    } catch (const std::exception& e) {
        std::fflush(stdout);
        std::fprintf(stderr, "tracekit: error: %s\n", e.what());
        return 1;
    }
    return rc;
}
