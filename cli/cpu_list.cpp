// SPDX-License-Identifier: MIT
#include "cpu_list.hpp"

#include <cstdlib>

#include "tracekit/error.hpp"

namespace tk::cli {

std::set<int> parse_cpu_list(const std::string& text) {
    std::set<int> out;
    size_t i = 0;
    auto bad = [&] { return UsageError("bad CPU list \"" + text + "\" (expected e.g. 0,2-3)"); };
    while (i < text.size()) {
        size_t end = text.find(',', i);
        std::string part = text.substr(i, end == std::string::npos ? std::string::npos : end - i);
        size_t dash = part.find('-');
        char* e = nullptr;
        long a = std::strtol(part.c_str(), &e, 10);
        if (e == part.c_str() || a < 0 || a > 65535) throw bad();
        long b = a;
        if (dash != std::string::npos) {
            const char* s = part.c_str() + dash + 1;
            b = std::strtol(s, &e, 10);
            if (e == s || *e || b < a || b > 65535) throw bad();
        } else if (*e) {
            throw bad();
        }
        for (long c = a; c <= b; ++c) out.insert(static_cast<int>(c));
        if (end == std::string::npos) break;
        i = end + 1;
    }
    if (out.empty()) throw bad();
    return out;
}

}  // namespace tk::cli
