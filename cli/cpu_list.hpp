// SPDX-License-Identifier: MIT
#pragma once
#include <set>
#include <string>

namespace tk::cli {
// "0,2-3" -> {0,2,3}; throws UsageError on anything else.
std::set<int> parse_cpu_list(const std::string& text);
}  // namespace tk::cli
