// SPDX-License-Identifier: MIT
// Ring-buffer page decoding on synthetic pages: every record type, both byte
// orders, both kernel long sizes, lost-event flags, and damaged pages.
#include <gtest/gtest.h>

#include "temp_file.hpp"
#include "tracedat/reader.hpp"
#include "tracedat_builder.hpp"

using namespace tk;
using tk::test::PageBuilder;
using tk::test::tick_payload;

namespace {
struct Decoded {
    std::vector<uint64_t> ts;
    std::vector<uint32_t> values;
    std::vector<int64_t> missed;
    std::vector<int32_t> pids;
};

Decoded decode(const std::string& bytes, Diagnostics* diag_out = nullptr) {
    test::TempFile f(bytes);
    tracedat::Reader r(std::make_shared<MappedFile>(f.path()), {true, false, 0});
    Decoded d;
    for (auto& s : r.open_streams()) {
        Event ev;
        while (s->next(ev)) {
            d.ts.push_back(ev.ts);
            d.values.push_back(load<uint32_t>(ev.payload.data() + 8, r.info().order));
            d.missed.push_back(ev.missed_before);
            d.pids.push_back(ev.pid);
        }
    }
    if (diag_out) *diag_out = r.diagnostics();
    return d;
}

class PageFormats : public ::testing::TestWithParam<std::tuple<ByteOrder, int>> {};
}  // namespace

TEST_P(PageFormats, EveryRecordTypeGivesTheRightTimesAndPayloads) {
    auto [order, long_size] = GetParam();
    PageBuilder p(order, long_size, 4096, 1000);
    p.event(10, tick_payload(order, 42, 1))                       // ts 1010
        .time_extend((1ull << 27) + 5)                           // +134217733
        .event(2, tick_payload(order, 42, 2))                    // 1010+134217733+2
        .padding(3, 8)                                           // delta still counts
        .long_event(0, tick_payload(order, 43, 3) + std::string(120, 'x'))
        .time_stamp(5000000000ull)                               // absolute
        .event(7, tick_payload(order, 44, 4))
        .missed(17);
    PageBuilder p2(order, long_size, 4096, 9000000000ull);
    p2.event(1, tick_payload(order, 45, 5)).missed(-1);
    Decoded d = decode(test::build_v6(order, long_size, {p.build(), p2.build()}));
    uint64_t t2 = 1010 + (1ull << 27) + 5 + 2;
    EXPECT_EQ(d.ts, (std::vector<uint64_t>{1010, t2, t2 + 3, 5000000007ull, 9000000001ull}));
    EXPECT_EQ(d.values, (std::vector<uint32_t>{1, 2, 3, 4, 5}));
    EXPECT_EQ(d.missed, (std::vector<int64_t>{17, 0, 0, 0, -1}));
    EXPECT_EQ(d.pids, (std::vector<int32_t>{42, 42, 43, 44, 45}));
}

INSTANTIATE_TEST_SUITE_P(Layouts, PageFormats,
                         ::testing::Values(std::make_tuple(ByteOrder::little, 8), std::make_tuple(ByteOrder::little, 4),
                                           std::make_tuple(ByteOrder::big, 8), std::make_tuple(ByteOrder::big, 4)));

TEST(CpuStream, ImpossibleCommitSizeSkipsThePageAndCountsIt) {
    ByteOrder o = ByteOrder::little;
    PageBuilder bad(o, 8, 4096, 100);
    bad.event(1, tick_payload(o, 1, 1)).commit_override(5000);
    PageBuilder good(o, 8, 4096, 200);
    good.event(1, tick_payload(o, 1, 2));
    Diagnostics diag;
    Decoded d = decode(test::build_v6(o, 8, {bad.build(), good.build()}), &diag);
    EXPECT_EQ(d.values, (std::vector<uint32_t>{2}));
    EXPECT_EQ(diag.count(Diag::bad_page), 1u);
    EXPECT_NE(diag.first_message(Diag::bad_page).find("commit size 5000 exceeds the page"), std::string::npos);
}

TEST(CpuStream, RecordRunningPastThePageIsCountedNotRead) {
    ByteOrder o = ByteOrder::little;
    PageBuilder p(o, 8, 4096, 100);
    p.event(1, tick_payload(o, 1, 1)).event(1, tick_payload(o, 1, 2));
    std::string page = p.build();
    // Claim a commit that keeps the second record's header but cuts its payload.
    uint64_t commit = 16 + 8;
    std::memcpy(page.data() + 8, &commit, 8);
    Diagnostics diag;
    Decoded d = decode(test::build_v6(o, 8, {page}), &diag);
    EXPECT_EQ(d.values, (std::vector<uint32_t>{1}));
    EXPECT_EQ(diag.count(Diag::bad_record), 1u);
}

TEST(CpuStream, TruncatedDataEndsTheStreamWithADiagnostic) {
    ByteOrder o = ByteOrder::little;
    PageBuilder a(o, 8, 4096, 100), b(o, 8, 4096, 200);
    a.event(1, tick_payload(o, 1, 1));
    b.event(1, tick_payload(o, 1, 2)).event(1, tick_payload(o, 1, 3));
    std::string file = test::build_v6(o, 8, {a.build(), b.build()});
    file.resize(file.size() - 4096 + 16 + 16 + 8);  // second page: header + first record + half of the next
    Diagnostics diag;
    Decoded d = decode(file, &diag);
    EXPECT_EQ(d.values, (std::vector<uint32_t>{1, 2}));
    EXPECT_GE(diag.count(Diag::truncated_cpu_data), 1u);
}

// Regression (found by the corrupt corpus, case sched-irq-v6.cpu0-offset-max):
// offset + size wrapped around 2^64 and the stream read outside the file.
TEST(CpuStream, HugeOffsetOrSizeInTheCpuTableDoesNotWrap) {
    ByteOrder o = ByteOrder::little;
    PageBuilder p(o, 8, 4096, 100);
    p.event(1, tick_payload(o, 1, 1));
    std::string file = test::build_v6(o, 8, {p.build()});
    size_t table = file.find(std::string("flyrecord\0", 10)) + 10;
    for (int field = 0; field < 2; ++field) {
        std::string bad = file;
        uint64_t max = ~0ull;
        std::memcpy(bad.data() + table + 8 * field, &max, 8);
        Diagnostics diag;
        Decoded d = decode(bad, &diag);
        EXPECT_LE(d.values.size(), 1u);
        EXPECT_EQ(diag.count(Diag::truncated_cpu_data), 1u) << "field " << field;
    }
}
