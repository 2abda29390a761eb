// SPDX-License-Identifier: MIT
// libFuzzer target: the trace.dat reader (headers, options, sections, every
// CPU's pages) and the dump views, on arbitrary bytes.
#include <cstdint>
#include <memory>
#include <vector>

#include "tracedat/dump.hpp"
#include "tracedat/reader.hpp"
#include "tracekit/limits.hpp"
#include "tracekit/output.hpp"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    // Stay well below libFuzzer's 2 GB memory cap.
    tk::limits().max_decompressed_block = 64u << 20;
    tk::limits().max_decompressed_chunk = 16u << 20;
    tk::limits().max_cpus = 256;
    tk::limits().max_formats = 1u << 14;
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    auto file = std::make_shared<tk::MappedFile>("fuzz.dat", std::vector<uint8_t>(data, data + size));
    try {
        tk::tracedat::Reader r(file);
        size_t n = 0;
        for (auto& s : r.open_streams()) {
            tk::Event ev;
            while (s->next(ev) && n < 1000000) ++n;
        }
        tk::Output out(-1);  // writes fail silently: only the formatting code runs
        tk::tracedat::dump_text(r.file(), tk::tracedat::DUMP_ALL, "fuzz.dat", out);
        (void)tk::tracedat::dump_json(r.file());
    } catch (const tk::FormatError&) {
    } catch (const tk::UsageError&) {
    }
    return 0;
}
