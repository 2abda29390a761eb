// SPDX-License-Identifier: MIT
// libFuzzer target: the trcfmt lexer/parser on arbitrary template text, and
// the evaluator on an entry built from the input's tail. Input layout:
// template text, a NUL byte, then the entry bytes (32-bit hook layout).
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "trcfmt/entry.hpp"
#include "trcfmt/evaluator.hpp"
#include "trcfmt/process_state.hpp"
#include "trcfmt/template_set.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const uint8_t* nul = static_cast<const uint8_t*>(std::memchr(data, 0, size));
    size_t text_len = nul ? static_cast<size_t>(nul - data) : size;
    std::string_view text(reinterpret_cast<const char*>(data), text_len);
    tk::trcfmt::TemplateSet set;
    set.load(text, "fuzz.trcfmt");
    if (!nul) return 0;
    std::span<const uint8_t> entry(nul + 1, size - text_len - 1);
    for (bool hook64 : {false, true}) {
        try {
            tk::trcfmt::EntryView view = tk::trcfmt::decode_aix_entry(entry, hook64, tk::ByteOrder::big);
            tk::trcfmt::TraceState state;
            tk::trcfmt::EvalOptions opts;
            opts.max_steps = 1u << 16;
            tk::trcfmt::Evaluator ev(set, state, opts);
            std::string out;
            ev.render(view, out);
        } catch (const std::exception&) {
        }
    }
    return 0;
}
