// SPDX-License-Identifier: MIT
#include "tracekit/merge.hpp"

#include <gtest/gtest.h>

namespace {
class VectorStream : public tk::EventStream {
public:
    explicit VectorStream(std::vector<uint64_t> ts, int cpu) : ts_(std::move(ts)), cpu_(cpu) {}
    bool next(tk::Event& ev) override {
        if (i_ >= ts_.size()) return false;
        ev = {};
        ev.ts = ts_[i_++];
        ev.cpu = cpu_;
        return true;
    }

private:
    std::vector<uint64_t> ts_;
    size_t i_ = 0;
    int cpu_;
};
}  // namespace

TEST(Merger, OrdersByTimeAndBreaksTiesByStreamOrder) {
    VectorStream a({1, 5, 5, 9}, 0), b({2, 5, 8}, 1), c({}, 2);
    tk::Merger m;
    m.add(&a);
    m.add(&b);
    m.add(&c);
    std::vector<std::pair<uint64_t, int>> got;
    tk::Event ev;
    while (m.next(ev)) got.emplace_back(ev.ts, ev.cpu);
    std::vector<std::pair<uint64_t, int>> want = {{1, 0}, {2, 1}, {5, 0}, {5, 0}, {5, 1}, {8, 1}, {9, 0}};
    EXPECT_EQ(got, want);
}
