// SPDX-License-Identifier: MIT
#pragma once
// JSON string quoting shared by every JSON output (report --json, dump --json).
#include <string>
#include <string_view>

namespace tk {

// Appends `s` as a quoted JSON string; bytes outside printable ASCII become \u00XX.
void append_json_string(std::string& out, std::string_view s);

}  // namespace tk
