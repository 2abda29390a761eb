// SPDX-License-Identifier: MIT
#pragma once
// Recursive-descent parser: tokens of one template file -> Templates.
// Errors are collected per stanza (a bad stanza is skipped, the rest of the
// file is still checked), each as `file:line:col: message`.
#include <string>
#include <string_view>
#include <vector>

#include "trcfmt/ast.hpp"

namespace tk::trcfmt {

// Nesting limits that keep the recursive parser's stack bounded on hostile input.
inline constexpr int kMaxNesting = 64;      // braces: SWITCH cases, LOOP bodies, groups
inline constexpr int kMaxExprNesting = 64;  // parentheses and unary minus in {{ }}

std::vector<Template> parse_templates(std::string_view text, const std::string& file,
                                      std::vector<TemplateDiagnostic>& errors);

}  // namespace tk::trcfmt
