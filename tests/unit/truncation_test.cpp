// SPDX-License-Identifier: MIT
// Truncation at every section/block boundary (and one byte either side) of real
// v6 and v7 files: either a FormatError naming the file and an offset inside
// the cut file, or a readable prefix with the damage counted. Never a crash.
#include <gtest/gtest.h>

#include <set>

#include "temp_file.hpp"
#include "tracedat/reader.hpp"

using namespace tk;

namespace {
std::set<uint64_t> boundaries(const tracedat::TraceDatFile& f) {
    std::set<uint64_t> cut;
    auto add = [&](uint64_t at) {
        for (int64_t d : {-1, 0, 1})
            if (static_cast<int64_t>(at) + d > 0) cut.insert(at + d);
    };
    for (const auto* b : {&f.header_page_block, &f.header_event_block, &f.ftrace_block, &f.events_block,
                          &f.kallsyms_block, &f.printk_block, &f.cmdlines_block})
        add(b->offset);
    add(f.options_offset);
    add(f.data_tag_offset);
    for (const auto& s : f.sections()) {
        add(s.offset);
        add(s.offset + 16);
        add(s.offset + 16 + s.size);
    }
    for (const auto& o : f.options()) add(o.offset);
    for (const auto& b : f.buffers())
        for (const auto& c : b.cpus) {
            add(c.offset);
            add(c.offset + 4096);
            add(c.offset + c.size);
        }
    add(10);
    add(18);
    return cut;
}

void check_all_cuts(const std::string& name) {
    std::string path = std::string(TK_SHARED_FIXTURES) + "/" + name;
    std::string bytes = test::read_file(path);
    ASSERT_FALSE(bytes.empty()) << path;
    tracedat::Reader whole(std::make_shared<MappedFile>(path));
    size_t tested = 0, errors = 0;
    for (uint64_t cut : boundaries(whole.file())) {
        if (cut >= bytes.size()) continue;
        test::TempFile f(bytes.substr(0, cut));
        ++tested;
        try {
            tracedat::Reader r(std::make_shared<MappedFile>(f.path()));
            size_t events = 0;
            for (auto& s : r.open_streams()) {
                Event ev;
                while (s->next(ev)) ++events;
            }
            // A file that opens after a cut must have lost data and said so.
            const Diagnostics& d = r.diagnostics();
            EXPECT_TRUE(d.count(Diag::truncated_cpu_data) || d.count(Diag::truncated_section) || d.count(Diag::bad_page) ||
                        d.count(Diag::bad_record))
                << name << " cut at " << cut << " opened with " << events << " events and no diagnostic";
        } catch (const FormatError& e) {
            ++errors;
            EXPECT_EQ(e.file(), f.path());
            EXPECT_LE(e.offset(), cut) << e.what();
            EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << "one line: " << e.what();
        }
    }
    EXPECT_GT(tested, 20u);
    EXPECT_GT(errors, 10u);
}
}  // namespace

TEST(Truncation, V6EveryBoundary) { check_all_cuts("sched-irq-v6.dat"); }
TEST(Truncation, V6InstanceEveryBoundary) { check_all_cuts("instance-v6.dat"); }
TEST(Truncation, V7ZstdEveryBoundary) { check_all_cuts("instance.dat"); }
TEST(Truncation, V7UncompressedEveryBoundary) { check_all_cuts("mixed-v7-none.dat"); }

TEST(CorruptHeader, WrongMagicAndVersion) {
    std::string bytes = test::read_file(std::string(TK_SHARED_FIXTURES) + "/sched-irq.dat");
    std::string v = bytes;
    v[10] = '9';
    test::TempFile f(v);
    try {
        tracedat::Reader r(std::make_shared<MappedFile>(f.path()));
        FAIL();
    } catch (const FormatError& e) {
        EXPECT_EQ(e.offset(), 10u);
        EXPECT_NE(e.message().find("unsupported trace.dat version 9"), std::string::npos) << e.what();
    }
}

TEST(CorruptHeader, HugeSectionSizeIsRejectedBeforeAllocation) {
    std::string bytes = test::read_file(std::string(TK_SHARED_FIXTURES) + "/sched-irq.dat");
    // The first section header (headers, id 16) sits at 0x25; its u64 size at 0x25+8.
    uint64_t huge = 1ull << 60;
    std::memcpy(bytes.data() + 0x25 + 8, &huge, 8);
    test::TempFile f(bytes);
    try {
        tracedat::Reader r(std::make_shared<MappedFile>(f.path()));
        FAIL();
    } catch (const FormatError& e) {
        EXPECT_EQ(e.offset(), 0x25u + 8);
        EXPECT_NE(e.message().find("runs past the end of the file"), std::string::npos) << e.what();
    }
}

TEST(CorruptHeader, OptionsSectionLoopIsDetected) {
    std::string bytes = test::read_file(std::string(TK_SHARED_FIXTURES) + "/sched-irq.dat");
    tracedat::Reader whole(std::make_shared<MappedFile>(std::string(TK_SHARED_FIXTURES) + "/sched-irq.dat"));
    // Point the last DONE option back at the first options section.
    const auto& opts = whole.file().options();
    uint64_t last_done = 0;
    for (const auto& o : opts)
        if (o.id == 0) last_done = o.offset;
    uint64_t first = whole.file().options_offset;
    std::memcpy(bytes.data() + last_done + 6, &first, 8);
    test::TempFile f(bytes);
    try {
        tracedat::Reader r(std::make_shared<MappedFile>(f.path()));
        FAIL();
    } catch (const FormatError& e) {
        EXPECT_NE(e.message().find("loop"), std::string::npos) << e.what();
    }
}
