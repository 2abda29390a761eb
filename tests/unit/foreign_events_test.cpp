// SPDX-License-Identifier: MIT
// Events from a non-trace.dat source (no ftrace format text, no common header)
// are written with synthesized formats; trace-cmd then shows every field by name.
#include <gtest/gtest.h>

#include <cstdio>

#include "tracedat/reader.hpp"
#include "tracedat/writer.hpp"
#include "tracedat_builder.hpp"

using namespace tk;

namespace {
// A foreign reader: one CPU, one event type with every field layout.
class ForeignReader : public TraceReader {
public:
    explicit ForeignReader(ByteOrder o) {
        info_.family = FormatFamily::aix;
        info_.order = o;
        info_.cpus = 1;
        Instance top;
        top.cpus.push_back({0, 0, 0});
        info_.instances.push_back(top);
        info_.cmdlines = "77 hookd\n";
        EventType t;
        t.id = 0x1a5;
        t.system = "aix";
        t.name = "hook_1a5";
        auto field = [](std::string n, std::string type, uint32_t off, uint32_t size, bool sgn, FieldLayout l, uint32_t el) {
            FieldDef f;
            f.name = std::move(n);
            f.c_type = std::move(type);
            f.offset = off;
            f.size = size;
            f.is_signed = sgn;
            f.layout = l;
            f.element_size = el;
            return f;
        };
        t.fields = {field("d1", "unsigned int", 0, 4, false, FieldLayout::scalar, 4),
                    field("d2", "long long", 4, 8, true, FieldLayout::scalar, 8),
                    field("tag", "char", 12, 8, false, FieldLayout::fixed_array, 1),
                    field("words", "unsigned short", 20, 4, false, FieldLayout::fixed_array, 2),
                    field("msg", "char", 24, 4, false, FieldLayout::data_loc, 1)};
        info_.event_types.push_back(t);
        test::Bytes b(o);
        // data_loc: offset from the record start *as written* (after the 8-byte common header).
        b.put<uint32_t>(7).put<int64_t>(-5).raw(std::string("abc\0\0\0\0\0", 8)).put<uint16_t>(1).put<uint16_t>(2);
        b.put<uint32_t>((6u << 16) | (8 + 28)).raw(std::string("hello\0", 6)).raw(std::string(2, '\0'));
        payload_ = b.str();
    }
    const TraceInfo& info() const override { return info_; }
    std::vector<std::unique_ptr<EventStream>> open_streams() override {
        struct One : EventStream {
            const std::string* p;
            int n = 0;
            bool next(Event& ev) override {
                if (n == 2) return false;
                ev = {};
                ev.ts_raw = ev.ts = 1000000000ull + 1000ull * static_cast<uint64_t>(n++);
                ev.pid = 77;
                ev.type_id = 0x1a5;
                ev.payload = {reinterpret_cast<const uint8_t*>(p->data()), p->size()};
                return true;
            }
        };
        std::vector<std::unique_ptr<EventStream>> v;
        auto s = std::make_unique<One>();
        s->p = &payload_;
        v.push_back(std::move(s));
        return v;
    }

private:
    TraceInfo info_;
    std::string payload_;
};

std::string run(const std::string& cmd) {
    std::string out;
    FILE* p = ::popen(cmd.c_str(), "r");
    char buf[4096];
    size_t n;
    while (p && (n = std::fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
    if (p) ::pclose(p);
    return out;
}
}  // namespace

TEST(ForeignEvents, TraceCmdShowsEveryFieldByName) {
    for (ByteOrder src : {ByteOrder::little, ByteOrder::big})
        for (int version : {6, 7}) {
            ForeignReader r(src);
            std::string path = "/tmp/tracekit-foreign-" + std::to_string(::getpid()) + ".dat";
            tracedat::WriteStats st = tracedat::write_tracedat(r, path, {version, tracedat::Codec::zstd, std::nullopt, 10});
            EXPECT_EQ(st.events, 2u);
            const std::string fields = " hook_1a5:             d1=7 d2=-5 tag=abc words={1,2} msg=hello\n";
            std::string want = "cpus=1\n           hookd-77    [000]     1.000000:" + fields +
                               "           hookd-77    [000]     1.000001:" + fields;
            std::string ours = run(std::string(TK_TRACEKIT_BIN) + " report " + path + " 2>&1");
            EXPECT_EQ(ours, want);
            if (!run("command -v trace-cmd").empty()) {
                std::string theirs = run("trace-cmd report -i " + path + " 2>/dev/null");
                EXPECT_EQ(theirs, ours);
            }
            std::remove(path.c_str());
        }
}
