// SPDX-License-Identifier: MIT
#pragma once
// A set of parsed templates, looked up by 16-bit hook key. Several templates
// may exist for one hook (several versions, or several files); lookups pick
// the highest version, the later one on a tie, as trcupdate replaces a
// template only by a later version.
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "trcfmt/ast.hpp"

namespace tk::trcfmt {

class TemplateSet {
public:
    // Parse `text` (called `file` in messages) and add its templates.
    // Returns the problems found, in file order; when it returns any, no
    // template of that text was added (like trcupdate, a file with a syntax
    // error changes nothing).
    std::vector<TemplateDiagnostic> load(std::string_view text, const std::string& file);
    // Read and load a file; a file that cannot be read gives one diagnostic at 0:0.
    std::vector<TemplateDiagnostic> load_file(const std::string& path);

    // The template for a hook key (highest version), or nullptr.
    const Template* find(uint16_t hook_key) const;
    // The template with exactly this version, else the highest version not
    // above it, else nullptr.
    const Template* find(uint16_t hook_key, std::string_view version) const;
    // Every template for a key, in load order.
    std::vector<const Template*> all(uint16_t hook_key) const;

    size_t size() const { return templates_.size(); }
    const std::deque<Template>& templates() const { return templates_; }
    // The largest number of macro slots any template uses (the evaluator sizes its slot array).
    size_t max_macros() const { return max_macros_; }

    // Compare dotted versions numerically: 1.10 > 1.9.
    static int compare_versions(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b);

private:
    std::deque<Template> templates_;  // deque: pointers stay valid as templates are added
    std::unordered_map<uint16_t, std::vector<const Template*>> by_key_;
    size_t max_macros_ = 0;
};

}  // namespace tk::trcfmt
