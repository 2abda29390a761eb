// SPDX-License-Identifier: MIT
// Header parsing against the real fixtures (facts checked with trace-cmd dump).
#include <gtest/gtest.h>

#include "tracedat/reader.hpp"

using namespace tk;

namespace {
std::unique_ptr<tracedat::Reader> open(const std::string& name) {
    return std::make_unique<tracedat::Reader>(std::make_shared<MappedFile>(std::string(TK_SHARED_FIXTURES) + "/" + name));
}
}  // namespace

TEST(TraceDatFile, V7ZstdHeaders) {
    auto r = open("instance.dat");
    const auto& f = r->file();
    EXPECT_EQ(f.version(), 7);
    EXPECT_EQ(f.compression(), "zstd");
    EXPECT_EQ(f.compression_version(), "1.5.4");
    EXPECT_EQ(f.page_size(), 4096u);
    EXPECT_EQ(f.kernel_long_size(), 8);
    EXPECT_EQ(f.cpus(), 2);
    EXPECT_EQ(f.header_page().size(), 205u);
    EXPECT_EQ(f.ftrace_formats().size(), 18u);
    EXPECT_EQ(f.systems().size(), 101u);
    EXPECT_EQ(f.kallsyms().size(), 5414658u);
    // trace-cmd dump --options: BUFFER "" at 1139991 with CPUs (0, 1142784, 1044) (1, 1146880, 303)
    ASSERT_EQ(f.buffers().size(), 2u);
    EXPECT_EQ(f.buffers()[0].name, "");
    EXPECT_EQ(f.buffers()[0].option_offset, 1139991u);
    EXPECT_EQ(f.buffers()[0].cpus[0].offset, 1142784u);
    EXPECT_EQ(f.buffers()[0].cpus[0].size, 1044u);
    EXPECT_EQ(f.buffers()[1].name, "foo");
    EXPECT_EQ(f.buffers()[1].cpus[1].offset, 1155072u);
    EXPECT_EQ(f.buffers()[1].clock, "local");
    // 12 sections, the strings one last.
    EXPECT_EQ(f.string_at(0), "headers");
    EXPECT_EQ(r->diagnostics().count(Diag::unknown_option), 0u);
}

TEST(TraceDatFile, V6InstanceAndClock) {
    auto r = open("instance-v6.dat");
    const auto& f = r->file();
    EXPECT_EQ(f.version(), 6);
    EXPECT_EQ(f.compression(), "");
    ASSERT_EQ(f.buffers().size(), 2u);
    EXPECT_EQ(f.buffers()[0].cpus[0].offset, 7450624u);  // trace-cmd dump --flyrecord
    EXPECT_EQ(f.buffers()[0].cpus[0].size, 8192u);
    EXPECT_EQ(f.buffers()[1].name, "foo");
    EXPECT_EQ(f.buffers()[1].option_offset, 7462912u);
    EXPECT_EQ(f.v6_clock, "[local]");
    EXPECT_EQ(r->info().instances[1].clock, "local");
}

TEST(TraceDatFile, NonNanosecondClocksAreMarked) {
    EXPECT_FALSE(open("clock-counter.dat")->info().instances[0].clock_in_ns);
    EXPECT_FALSE(open("clock-tsc.dat")->info().instances[0].clock_in_ns);
    EXPECT_FALSE(open("clock-boot.dat")->info().instances[0].clock_in_ns);  // trace-cmd 3.1.6 leaves boot out
    EXPECT_TRUE(open("clock-mono.dat")->info().instances[0].clock_in_ns);
    EXPECT_TRUE(open("clock-global.dat")->info().instances[0].clock_in_ns);
}

TEST(TraceDatFile, LostEventCountsAreReadFromPages) {
    auto r = open("lost.dat");
    std::vector<int64_t> missed;
    for (auto& s : r->open_streams()) {
        Event ev;
        while (s->next(ev))
            if (ev.missed_before) missed.push_back(ev.missed_before);
    }
    // trace-cmd report: "CPU:0 [EVENTS DROPPED]" and "CPU:1 [455225 EVENTS DROPPED]" among others.
    EXPECT_NE(std::find(missed.begin(), missed.end(), -1), missed.end());
    EXPECT_NE(std::find(missed.begin(), missed.end(), 455225), missed.end());
}
