// SPDX-License-Identifier: MIT
#pragma once
// Each subcommand registers its options on the app and returns the function
// that runs it (exit status).
#include <CLI/CLI.hpp>
#include <functional>

namespace tk::cli {

using Runner = std::function<int()>;

Runner add_report(CLI::App& app);
Runner add_dump(CLI::App& app);
Runner add_templates(CLI::App& app);
Runner add_convert(CLI::App& app);
Runner add_split(CLI::App& app);

}  // namespace tk::cli
