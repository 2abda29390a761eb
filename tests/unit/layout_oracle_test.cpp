// SPDX-License-Identifier: MIT
// Synthetic files in every layout (byte order x kernel long size) with every
// record type, rendered by `tracekit report` and by Debian's trace-cmd (the
// oracle): the outputs must be identical.
#include <gtest/gtest.h>

#include <cstdio>

#include "temp_file.hpp"
#include "tracedat_builder.hpp"

using namespace tk;
using tk::test::PageBuilder;
using tk::test::tick_payload;

namespace {
std::string run(const std::string& cmd) {
    std::string out;
    FILE* p = ::popen(cmd.c_str(), "r");
    if (!p) return out;
    char buf[4096];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
    ::pclose(p);
    return out;
}

class LayoutOracle : public ::testing::TestWithParam<std::tuple<ByteOrder, int>> {};
}  // namespace

TEST_P(LayoutOracle, ReportMatchesTraceCmd) {
    if (run("command -v trace-cmd").empty()) GTEST_SKIP() << "trace-cmd (the oracle) is not installed";
    auto [order, long_size] = GetParam();
    PageBuilder p(order, long_size, 4096, 5000000000ull);
    p.event(10, tick_payload(order, 42, 1))
        .time_extend((1ull << 27) + 5)
        .event(2, tick_payload(order, 42, 2))
        .padding(3, 8)
        .long_event(0, tick_payload(order, 42, 3) + std::string(120, 'x'))
        .time_stamp(6000000000ull)
        .event(7, tick_payload(order, 7, 4));
    PageBuilder p2(order, long_size, 4096, 7000000000ull);
    p2.event(1, tick_payload(order, 42, 5)).event(1000, tick_payload(order, 0, 6)).missed(12);
    test::TempFile f(test::build_v6(order, long_size, {p.build(), p2.build()}));
    for (const char* opts : {"", "-R", "-t", "--raw-ts", "-l"}) {
        std::string ours = run(std::string(TK_TRACEKIT_BIN) + " report " + opts + " " + f.path() + " 2>&1");
        std::string theirs = run(std::string("trace-cmd report ") + opts + " -i " + f.path() + " 2>/dev/null");
        EXPECT_EQ(ours, theirs) << "options: " << opts;
        EXPECT_NE(ours.find("value=6"), std::string::npos) << ours;
    }
}

INSTANTIATE_TEST_SUITE_P(Layouts, LayoutOracle,
                         ::testing::Values(std::make_tuple(ByteOrder::little, 8), std::make_tuple(ByteOrder::little, 4),
                                           std::make_tuple(ByteOrder::big, 8), std::make_tuple(ByteOrder::big, 4)));
