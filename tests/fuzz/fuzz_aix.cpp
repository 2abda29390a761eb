// SPDX-License-Identifier: MIT
// libFuzzer target: the AIX trace log reader in every forced layout and byte
// order (the first input byte picks which), events walked to the end.
#include <cstdint>
#include <memory>
#include <vector>

#include "aix/reader.hpp"
#include "tracekit/error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size < 1) return 0;
    tk::aix::ReadOptions opts;
    opts.siblings = false;
    opts.companion = false;
    uint8_t pick = data[0];
    if (pick & 1) opts.b64 = (pick & 2) != 0;
    if (pick & 4) opts.order = (pick & 8) ? tk::ByteOrder::big : tk::ByteOrder::little;
    auto file = std::make_shared<tk::MappedFile>("fuzz.trc", std::vector<uint8_t>(data + 1, data + size));
    try {
        tk::aix::Reader r(file, opts);
        size_t n = 0;
        for (auto& s : r.open_streams()) {
            tk::Event ev;
            while (s->next(ev) && n < 1000000) ++n;
        }
    } catch (const tk::FormatError&) {
    } catch (const tk::UsageError&) {
    }
    return 0;
}
