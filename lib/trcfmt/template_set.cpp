// SPDX-License-Identifier: MIT
#include "trcfmt/template_set.hpp"

#include <fstream>
#include <sstream>

#include "trcfmt/codes.hpp"
#include "trcfmt/parser.hpp"

namespace tk::trcfmt {

int TemplateSet::compare_versions(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b) {
    size_t n = std::max(a.size(), b.size());
    for (size_t i = 0; i < n; ++i) {
        uint32_t x = i < a.size() ? a[i] : 0, y = i < b.size() ? b[i] : 0;
        if (x != y) return x < y ? -1 : 1;
    }
    return 0;
}

std::vector<TemplateDiagnostic> TemplateSet::load(std::string_view text, const std::string& file) {
    std::vector<TemplateDiagnostic> errors;
    std::vector<Template> parsed = parse_templates(text, file, errors);
    if (!errors.empty()) return errors;
    for (auto& t : parsed) {
        templates_.push_back(std::move(t));
        const Template* p = &templates_.back();
        by_key_[p->hook_key].push_back(p);
        max_macros_ = std::max(max_macros_, p->macros.size());
    }
    return errors;
}

std::vector<TemplateDiagnostic> TemplateSet::load_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return {{path, {0, 0}, "cannot open the template file"}};
    std::ostringstream ss;
    ss << in.rdbuf();
    return load(ss.str(), path);
}

const Template* TemplateSet::find(uint16_t hook_key) const {
    auto it = by_key_.find(hook_key);
    if (it == by_key_.end()) return nullptr;
    const Template* best = nullptr;
    for (const Template* t : it->second)
        if (!best || compare_versions(t->version_parts, best->version_parts) >= 0) best = t;
    return best;
}

const Template* TemplateSet::find(uint16_t hook_key, std::string_view version) const {
    auto it = by_key_.find(hook_key);
    if (it == by_key_.end()) return nullptr;
    std::vector<uint32_t> want;
    {
        uint32_t v = 0;
        bool any = false;
        for (char c : version) {
            if (c == '.') {
                want.push_back(v);
                v = 0;
                any = false;
            } else if (c >= '0' && c <= '9') {
                v = v * 10 + static_cast<uint32_t>(c - '0');
                any = true;
            }
        }
        if (any || !want.empty()) want.push_back(v);
    }
    const Template* best = nullptr;
    for (const Template* t : it->second) {
        int c = compare_versions(t->version_parts, want);
        if (c > 0) continue;
        if (!best || compare_versions(t->version_parts, best->version_parts) >= 0) best = t;
    }
    return best;
}

std::vector<const Template*> TemplateSet::all(uint16_t hook_key) const {
    auto it = by_key_.find(hook_key);
    return it == by_key_.end() ? std::vector<const Template*>{} : it->second;
}

}  // namespace tk::trcfmt
