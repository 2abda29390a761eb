// SPDX-License-Identifier: MIT
// The trcrpt renderer on hand-made entries: seed 001's report lines, the
// UNDEFINED TRACE ID form, template 008, -O options and columns.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <string>
#include <vector>

#include "render/trcrpt_text.hpp"
#include "tracekit/error.hpp"

namespace tk {
namespace {

std::vector<uint8_t> bytes(const std::string& spec) {
    // Hex digit pairs; 'text' in single quotes is ASCII.
    std::vector<uint8_t> b;
    for (size_t i = 0; i < spec.size();) {
        char c = spec[i];
        if (c == '\'') {
            size_t j = spec.find('\'', i + 1);
            for (size_t k = i + 1; k < j; ++k) b.push_back(static_cast<uint8_t>(spec[k]));
            i = j + 1;
        } else if (std::isxdigit(static_cast<unsigned char>(c))) {
            b.push_back(static_cast<uint8_t>(std::stoul(spec.substr(i, 2), nullptr, 16)));
            i += 2;
        } else {
            ++i;
        }
    }
    return b;
}

// Renders events into a string through an Output on a pipe-free temp file.
struct Capture {
    FILE* f = std::tmpfile();
    std::unique_ptr<Output> out = std::make_unique<Output>(fileno(f));
    std::string text() {
        out->flush();
        std::string s;
        std::rewind(f);
        char buf[4096];
        size_t n;
        while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) s.append(buf, n);
        return s;
    }
    ~Capture() {
        out.reset();
        std::fclose(f);
    }
};

Event ev_of(const std::vector<uint8_t>& b, uint64_t ts, uint64_t offset = 0) {
    Event ev;
    ev.payload = b;
    ev.ts = ev.ts_raw = ts;
    ev.pid = 4660;
    ev.tid = 4660;
    ev.file_offset = offset;
    return ev;
}

const char* kMyCustomHook = R"(010 1.0 L=APPL "MyCustomHook" \
$GENERIC%D1, \
0 {\
        $HD%D1, \
        0 { "Activity="G8 A10 \
		"Address=0x"$D2 {{ $total_size = $D3 * $D4 }} \
		"Size="$total_size%D4 },\
        1 { "Address=0x"$D1 "Array Index="$D2%D4 "Value="$D3%D4 },\
        \* {"Undefined Hook with subhook id = "$HD%D1 }\
},\
1 { "String Length=" $D1%D4 {{ $loopcnt = $HL }} G16 LOOP $loopcnt {A0} }
)";

TEST(TrcrptText, Seed001MyCustomHookReport) {
    trcfmt::TemplateSet set;
    ASSERT_TRUE(set.load(kMyCustomHook, "mytrace").empty());
    AixTrcrptAdapter aix(true, ByteOrder::big);
    Capture c;
    TrcrptOptions o;
    o.heading = false;
    TrcrptText r(o, *c.out);
    r.add_input(set, aix, false);
    r.set_origin(0);  // the trace started at 0
    auto e1 = bytes("80000028 01000000 'malloc' 0000 00000001 10000970 00000000 00000004 00000000 0000000A 00000000 00000000");
    auto e2 = bytes("C0000011 01000020 00000000 00000011 'successful malloc' 00000000 00000000 00");
    auto e3 = bytes("80000018 01000001 00000001 10000984 00000000 00000005 00000000 00000014");
    EXPECT_TRUE(r.event(0, ev_of(e1, 3872577)));
    EXPECT_TRUE(r.event(0, ev_of(e2, 3874101)));
    EXPECT_TRUE(r.event(0, ev_of(e3, 3874956)));
    EXPECT_EQ(c.text(),
              "010   0.003872577    3.872577   MyCustomHook Activity=malloc Address=0x110000970 Size=40\n"
              "010   0.003874101    0.001524   MyCustomHook String Length=17 successful malloc\n"
              "010   0.003874956    0.000855   MyCustomHook Address=0x110000984 Array Index=5 Value=20\n");
    EXPECT_EQ(r.errors(), 0u);
}

TEST(TrcrptText, UndefinedTraceIdLikeSeed001) {
    trcfmt::TemplateSet set;  // no templates at all
    AixTrcrptAdapter aix(true, ByteOrder::big);
    Capture c;
    TrcrptOptions o;
    o.heading = false;
    TrcrptText r(o, *c.out);
    r.add_input(set, aix, false);
    r.set_origin(0);
    auto e = bytes("80000028 01000000 00000000 00000004 00000001 100008D0 00000000 0000000A");
    EXPECT_TRUE(r.event(0, ev_of(e, 5312869, 0x1fc28)));
    std::string pad(40, ' ');
    EXPECT_EQ(c.text(), "010   0.005312869    5.312869   UNDEFINED TRACE ID idx 0x1fc28\n" + pad +
                            "traceid 0100 hookword  8000002801000000 type 8000\n" + pad +
                            "hookdata 0000 0000000000000004\n" + pad + "00000001100008D0 000000000000000A\n");
}

TEST(TrcrptText, DefaultTemplate008ForUnknownHooks) {
    trcfmt::TemplateSet set;
    ASSERT_TRUE(set.load("008 1.0 L=KERN \"DEFAULT\" \"hook:\" $TRACEID \"d1=\"$D1%D4\n", "t").empty());
    AixTrcrptAdapter aix(false, ByteOrder::big);
    Capture c;
    TrcrptOptions o;
    o.heading = false;
    TrcrptText r(o, *c.out);
    r.add_input(set, aix, false);
    auto e = bytes("0302 0000 00000007");  // 32-bit, hook 030, type 2: one data word
    EXPECT_TRUE(r.event(0, ev_of(e, 1000)));
    EXPECT_EQ(c.text(), "030   0.000000000    0.000000                   DEFAULT hook:030 d1=7\n");
}

TEST(TrcrptText, ColumnsFromOptions) {
    TrcrptOptions o;
    parse_trcrpt_options("exec=on,pid=on,tid=on,cpuid=on,timestamp=1", o);
    EXPECT_TRUE(o.exec && o.pid && o.tid && o.cpuid);
    EXPECT_EQ(o.timestamp, 1);
    EXPECT_THROW(parse_trcrpt_options("bogus=on", o), UsageError);
    EXPECT_THROW(parse_trcrpt_options("timestamp=7", o), UsageError);
    EXPECT_THROW(parse_trcrpt_options("pid=maybe", o), UsageError);

    trcfmt::TemplateSet set;
    ASSERT_TRUE(set.load("030 1.0 L=SVC \"X\" $D1%D4\n", "t").empty());
    AixTrcrptAdapter aix(false, ByteOrder::big);
    Capture c;
    TrcrptOptions p;
    parse_trcrpt_options("pid=on,cpuid=on", p);
    parse_trcrpt_options("timestamp=3", p);
    p.heading = true;
    TrcrptText r(p, *c.out);
    r.add_input(set, aix, false);
    TraceInfo info;
    info.file = "t.log";
    info.family = FormatFamily::aix;
    info.cpus = 1;
    info.order = ByteOrder::big;
    r.heading({&info});
    auto e = bytes("0302 0000 00000007");
    Event ev = ev_of(e, 5);
    ev.cpu = 3;
    EXPECT_TRUE(r.event(0, ev));
    std::string s = c.text();
    // ID(4) PID(7) CPU(4), no time columns, 3 blanks, then SVC = APPL + 8.
    EXPECT_NE(s.find("\nID  PID    CPU    APPL    SYSCALL KERNEL  INTERRUPT\n\n"), std::string::npos) << s;
    EXPECT_NE(s.find("\n030 4660   3              X 7\n"), std::string::npos) << s;
}

TEST(TrcrptText, SkipAndStop) {
    trcfmt::TemplateSet set;
    ASSERT_TRUE(set.load("030 1.0 \"A\" $SKIP\n040 1.0 \"B\" $STOP\n050 1.0 \"C\" \"c\"\n", "t").empty());
    AixTrcrptAdapter aix(false, ByteOrder::big);
    Capture c;
    TrcrptOptions o;
    o.heading = false;
    TrcrptText r(o, *c.out);
    r.add_input(set, aix, false);
    auto skip = bytes("0301 0000"), stop = bytes("0401 0000"), print = bytes("0501 0000");
    EXPECT_TRUE(r.event(0, ev_of(print, 0)));
    EXPECT_TRUE(r.event(0, ev_of(skip, 1)));
    EXPECT_FALSE(r.event(0, ev_of(stop, 2)));
    std::string s = c.text();
    EXPECT_EQ(s, "050   0.000000000    0.000000                   C c\n");
}

TEST(TrcrptText, RuntimeErrorsAreLinesAndCounted) {
    trcfmt::TemplateSet set;
    ASSERT_TRUE(set.load("030 1.0 \"A\" G2 X8\n", "t").empty());  // reads past a 4-byte entry
    AixTrcrptAdapter aix(false, ByteOrder::big);
    Capture c;
    TrcrptOptions o;
    o.heading = false;
    TrcrptText r(o, *c.out);
    r.add_input(set, aix, false);
    auto e = bytes("0301 0000");
    EXPECT_TRUE(r.event(0, ev_of(e, 0)));
    EXPECT_EQ(r.errors(), 1u);
    EXPECT_NE(c.text().find("030   0.000000000    0.000000   ERROR: "), std::string::npos);
}

}  // namespace
}  // namespace tk

// ---- trace.dat: generated templates and the adapter, on a hand-made format ----

#include "tracedat/trcfmt_templates.hpp"

namespace tk {
namespace {

const char* kDemoFormat =
    "name: demo\n"
    "ID: 300\n"
    "format:\n"
    "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
    "\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
    "\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
    "\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n"
    "\n"
    "\tfield:int val;\toffset:8;\tsize:4;\tsigned:1;\n"
    "\tfield:__data_loc char[] name;\toffset:12;\tsize:4;\tsigned:0;\n"
    "\tfield:u16 arr[3];\toffset:16;\tsize:6;\tsigned:0;\n"
    "\tfield:void * ptr;\toffset:24;\tsize:8;\tsigned:0;\n"
    "\tfield:unsigned long flags;\toffset:32;\tsize:8;\tsigned:0;\n"
    "\n"
    "print fmt: \"val=%d name=%s flags=%lu\", REC->val, __get_str(name), REC->flags\n";

TEST(TracedatTemplates, GeneratedTemplateShowsEveryFieldBigEndian) {
    TraceInfo info;
    info.file = "demo.dat";
    info.order = ByteOrder::big;
    info.kernel_long_size = 8;
    info.cpus = 1;
    info.event_formats = {{"demo", {kDemoFormat}}};
    Diagnostics diag;
    TepSession tep(info, false, diag);
    std::string text = tracedat::generate_trcfmt(tep, info);
    EXPECT_NE(text.find("12C 1.0 L=KERN \"demo\""), std::string::npos) << text;
    trcfmt::TemplateSet set;
    auto diags = set.load(text, "generated");
    ASSERT_TRUE(diags.empty()) << diags[0].str() << "\n" << text;
    tracedat::TrcfmtAdapter adapter(tep, info);

    // common: type 300, flags 1, preempt 2, pid 42; val -5; name at 40 (6 bytes); arr 1 2 3; ptr; flags 10.
    auto rec = bytes("012C 01 02 0000002A FFFFFFFB 00060028 0001 0002 0003 0000 00000000FFFF1234 000000000000000A "
                     "'hello' 00 0000");
    Event ev = ev_of(rec, 1000);
    ev.type_id = 300;
    ev.pid = 42;
    trcfmt::EntryView e;
    adapter.entry(ev, e);
    EXPECT_EQ(e.hook_key, 0x12C0);
    EXPECT_EQ(e.initial_dp, 8u);
    EXPECT_EQ(e.hook_data, 0x0102);
    EXPECT_EQ(e.data_words, 5);
    EXPECT_EQ(static_cast<int64_t>(e.d[0]), -5);  // val, sign-extended
    EXPECT_EQ(e.d[1], 0u);                         // a string reads 0
    EXPECT_EQ(e.d[3], 0xFFFF1234u);

    // An event id without a format: the UNDEFINED form with its words.
    auto unk = bytes("03E7 0000 00000007 0000000000000011 0000000000000022");
    Event ev2 = ev_of(unk, 2000, 0x40);
    ev2.type_id = 999;

    Capture c;
    TrcrptOptions o;
    o.heading = false;
    TrcrptText r(o, *c.out);
    r.add_input(set, adapter, false);
    EXPECT_TRUE(r.event(0, ev));
    EXPECT_TRUE(r.event(0, ev2));
    std::string pad(40, ' ');
    EXPECT_EQ(c.text(),
              "12C   0.000000000    0.000000                   demo val=-5 name=hello arr=0001 0002 0003 "
              "ptr=0x00000000FFFF1234 flags=10\n"
              "3E7   0.000001000    0.001000   UNDEFINED TRACE ID idx 0x40\n" +
                  pad + "traceid 3E70 hookword  03E7000000000007 type 0000\n" + pad +
                  "hookdata 0000 0000000000000011\n" + pad + "0000000000000022\n");
    EXPECT_EQ(r.errors(), 0u);
}

}  // namespace
}  // namespace tk
