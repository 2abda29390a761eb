// SPDX-License-Identifier: MIT
// AIX trace logs: hand-written hex fixtures read with the expected values;
// writer -> reader round trips bit-exact for generated logs of every hook
// type; AIX -> trace.dat -> AIX keeps every entry; trace-cmd shows every
// hook's fields by name; truncated and corrupt logs give offsets, never crash.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "aix/layout.hpp"
#include "aix/reader.hpp"
#include "aix/writer.hpp"
#include "tracedat/reader.hpp"
#include "tracedat/writer.hpp"
#include "tracekit/error.hpp"
#include "tracekit/merge.hpp"
#include "tracekit/registry.hpp"
#include "trcfmt/entry.hpp"
#include "trcfmt/template_set.hpp"

using namespace tk;
namespace fs = std::filesystem;

namespace {

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

void spit(const std::string& path, const std::string& bytes) {
    std::ofstream out(path, std::ios::binary);
    out << bytes;
}

// Fixture text: hex digits (blanks anywhere), "ascii" strings, '#' comments.
std::string hex_to_bytes(const std::string& text) {
    std::string out, digits;
    auto flush = [&] {
        if (digits.size() % 2) throw std::runtime_error("odd number of hex digits: " + digits);
        for (size_t i = 0; i < digits.size(); i += 2) out += static_cast<char>(std::stoi(digits.substr(i, 2), nullptr, 16));
        digits.clear();
    };
    for (size_t i = 0; i < text.size(); ++i) {
        char c = text[i];
        if (c == '#') {
            while (i < text.size() && text[i] != '\n') ++i;
        } else if (c == '"') {
            flush();
            size_t end = text.find('"', i + 1);
            out += text.substr(i + 1, end - i - 1);
            i = end;
        } else if (std::isxdigit(static_cast<unsigned char>(c))) {
            digits += c;
        } else if (!std::isspace(static_cast<unsigned char>(c))) {
            throw std::runtime_error(std::string("unexpected character ") + c);
        }
        if (std::isspace(static_cast<unsigned char>(c)) && digits.size() % 2 == 0) flush();
    }
    flush();
    return out;
}

struct TempDir {
    std::string path;
    TempDir() {
        char t[] = "/tmp/tracekit-aix-XXXXXX";
        path = ::mkdtemp(t);
    }
    ~TempDir() { fs::remove_all(path); }
    std::string operator/(const std::string& n) const { return path + "/" + n; }
};

std::string hx(uint64_t v) {
    char b[24];
    std::snprintf(b, sizeof b, "%llx", static_cast<unsigned long long>(v));
    return b;
}

// One line per event with every field the model keeps, decoded through
// trcfmt::decode_aix_entry (the report engineer's contract).
std::string describe(TraceReader& r) {
    const TraceInfo& in = r.info();
    bool b64 = in.extras.at("aix:layout") == "64";
    std::string s = "layout=" + in.extras.at("aix:layout") + " order=" + (in.order == ByteOrder::big ? "big" : "little") + "\n";
    for (const auto& [k, v] : in.extras)
        if (k != "aix:layout" && k != "aix:order" && k.rfind("aix:trcfmt", 0) != 0 && k != "aix:timebase:offset")
            s += "extra " + k + "=" + v + "\n";
    auto streams = r.open_streams();
    Merger m;
    for (auto& st : streams) m.add(st.get());
    Event ev;
    while (m.next(ev)) {
        trcfmt::EntryView e = trcfmt::decode_aix_entry(ev.payload, b64, in.order);
        aix::Entry a;
        std::string why;
        uint32_t at;
        EXPECT_TRUE(aix::parse_entry(ev.payload.data(), ev.payload.size(), {b64, in.order}, a, why, at)) << why;
        EXPECT_EQ(a.size, ev.payload.size());
        const EventType* t = nullptr;
        for (const EventType& x : in.event_types)
            if (x.id == ev.type_id) t = &x;
        s += "@" + hx(ev.file_offset) + " " + (t ? t->name : "?") + " key=" + hx(e.hook_key) + " ht=" + hx(e.hook_type) +
             " hd=" + hx(e.hook_data) + " len=" + std::to_string(e.data_len) + (e.generic ? " generic" : "") + " d=";
        for (unsigned i = 0; i < e.data_words; ++i) s += (i ? "," : "") + hx(e.d[i]);
        if (a.buf_len) {
            s += " buf=";
            for (uint32_t i = 0; i < a.buf_len; ++i) {
                char b[4];
                std::snprintf(b, sizeof b, "%02x", ev.payload[a.buf_off + i]);
                s += b;
            }
        }
        s += " tid=" + std::to_string(ev.tid) + " cpu=" + std::to_string(ev.cpu) + " ts=" + std::to_string(ev.ts);
        if (ev.missed_before) s += " lost";
        s += "\n";
    }
    return s;
}

std::vector<std::string> fixtures() {
    std::vector<std::string> v;
    for (const auto& e : fs::directory_iterator(TK_AIX_FIXTURES))
        if (e.path().extension() == ".hex") v.push_back(e.path().stem().string());
    std::sort(v.begin(), v.end());
    return v;
}

// ---- generated logs

struct Gen {
    Gen(bool b, ByteOrder o) : b64(b), order(o) {}
    bool b64;
    ByteOrder order;
    std::string out;
    std::mt19937_64 rng{42};
    uint64_t ts = 0x1000;
    template <typename T>
    void put(T v) {
        char b[sizeof(T)];
        for (size_t i = 0; i < sizeof(T); ++i) {
            size_t sh = order == ByteOrder::big ? (sizeof(T) - 1 - i) * 8 : i * 8;
            b[i] = static_cast<char>((static_cast<uint64_t>(v) >> sh) & 0xFF);
        }
        out.append(b, sizeof b);
    }
    void raw(const std::string& s) { out += s; }
    std::string bytes(size_t n) {
        std::string s;
        for (size_t i = 0; i < n; ++i) s += static_cast<char>(rng());
        return s;
    }
    // 32-bit: type 0..E, words per type, hook data / buffer.
    void e32(uint16_t id, uint8_t type, uint16_t hd, const std::string& buf = {}, uint32_t d1 = 0) {
        bool generic = (type & 7) == 0;
        put<uint32_t>((uint32_t(id) << 20) | (uint32_t(type) << 16) | (generic ? uint32_t(buf.size()) : hd));
        if (generic) {
            put<uint32_t>(d1);
            raw(buf);
            raw(std::string((4 - buf.size() % 4) % 4, '\0'));
        } else {
            for (unsigned i = 0; i + 1 < (type & 7u); ++i) put<uint32_t>(static_cast<uint32_t>(rng()));
        }
        if (type & 8) put<uint32_t>(static_cast<uint32_t>(ts += 0x10000000));  // wraps now and then
    }
    void e64(uint16_t flags, uint16_t id, uint16_t sub, unsigned words, const std::string& buf = {}, uint64_t d1 = 0) {
        bool generic = flags & aix::kFlagGeneric;
        unsigned ws = (flags & aix::kFlag32Data) ? 4 : 8;
        uint16_t len = static_cast<uint16_t>(generic ? buf.size() : words * ws);
        put<uint64_t>((uint64_t(flags) << 48) | (uint64_t(len) << 32) | (uint64_t(id) << 16) | sub);
        size_t area;
        if (generic) {
            ws == 8 ? put<uint64_t>(d1) : put<uint32_t>(static_cast<uint32_t>(d1));
            raw(buf);
            area = ws + buf.size();
        } else {
            for (unsigned i = 0; i < words; ++i) ws == 8 ? put<uint64_t>(rng()) : put<uint32_t>(static_cast<uint32_t>(rng()));
            area = len;
        }
        raw(std::string((8 - area % 8) % 8, '\0'));
        put<uint64_t>(rng() % 100000);  // tid
        if (flags & aix::kFlagTime) put<uint64_t>(ts += rng() % 5000);
        if (flags & aix::kFlagCpu) put<uint64_t>(rng() % 8);
        if (flags & aix::kFlagRegs)
            for (unsigned i = 0; i <= (flags & 7u); ++i) put<uint64_t>(rng());
    }
    std::string log() {
        std::string tb;
        {
            Gen g{b64, order};
            g.put<uint64_t>(1000);
            g.put<uint64_t>(512);
            g.put<uint64_t>(2);
            tb = g.out;
        }
        if (!b64) {
            e32(0x003, 8, 0, "AIX gen 7 2\0", 1);
            e32(0x00A, 8, 0, tb, 0x25C);
            e32(0x001, 9, 0);
            for (int round = 0; round < 3; ++round)
                for (uint8_t t : {1, 2, 6, 9, 0xA, 0xE}) e32(static_cast<uint16_t>(0x010 + t), t, static_cast<uint16_t>(rng()));
            for (size_t n : {0, 1, 3, 4, 17, 200}) {
                e32(0x030, 0, 0, bytes(n), static_cast<uint32_t>(n));
                e32(0x031, 8, 0, std::string("text") + std::to_string(n), 7);
            }
            e32(0x005, 9, 0);
            e32(0xFFF, 0xE, 0xFFFF);
            e32(0x002, 9, 0);
        } else {
            e64(0xC000, 0x0030, 1, 0, std::string("AIX gen 7 3\0", 12), 12);
            e64(0xC000, 0x00A0, 0x25C, 0, tb, 24);
            e64(0x8000, 0x0010, 0, 0);
            for (uint16_t flags : {0x0000, 0x8000, 0x2000, 0xA000, 0x9000, 0x1000, 0x8800, 0xA801, 0x9802})
                for (unsigned w = 0; w <= 5; ++w) e64(flags, static_cast<uint16_t>(0x0200 + w * 0x10), static_cast<uint16_t>(rng() % 4), w);
            for (uint16_t flags : {0x4000, 0xC000, 0x6000, 0xE000, 0xD000})
                for (size_t n : {0, 1, 7, 8, 9, 33, 300}) e64(flags, 0x0300, static_cast<uint16_t>(n), 0, bytes(n), n);
            e64(0xC000, 0x0310, 0x20, 0, "successful malloc", 17);
            e64(0x8000, 0xF5F1, 2, 2);
            e64(0x8000, 0x0060, 0, 0);
            e64(0x8000, 0x0020, 0, 0);
        }
        return out;
    }
};

std::string run(const std::string& cmd, int* rc = nullptr) {
    std::string out;
    FILE* p = ::popen(cmd.c_str(), "r");
    char buf[4096];
    size_t n;
    while (p && (n = std::fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
    int r = p ? ::pclose(p) : -1;
    if (rc) *rc = WIFEXITED(r) ? WEXITSTATUS(r) : -1;
    return out;
}

std::unique_ptr<TraceReader> open(const std::string& path, std::string_view forced = {}) {
    return open_trace(std::make_shared<MappedFile>(path), {}, forced);
}

}  // namespace

TEST(AixFixtures, ReadWithTheExpectedValues) {
    auto names = fixtures();
    ASSERT_GE(names.size(), 4u);
    for (const std::string& n : names) {
        SCOPED_TRACE(n);
        TempDir d;
        std::string log = d / (n + ".trc");
        spit(log, hex_to_bytes(slurp(std::string(TK_AIX_FIXTURES) + "/" + n + ".hex")));
        auto r = open(log);
        EXPECT_EQ(r->info().family, FormatFamily::aix);
        std::string got = describe(*r);
        std::string want_path = std::string(TK_AIX_FIXTURES) + "/" + n + ".expect";
        if (std::getenv("TK_AIX_REGEN")) spit(want_path, got);
        EXPECT_EQ(got, slurp(want_path));
        EXPECT_FALSE(r->diagnostics().any(Severity::error));
        // Forcing the detected layout and byte order reads the same.
        std::string forced = std::string("aix") + r->info().extras.at("aix:layout") +
                             (r->info().order == ByteOrder::big ? "-be" : "-le");
        auto f = open(log, forced);
        EXPECT_EQ(describe(*f), got);
        // The writer gives back the same bytes.
        aix::write_aix(*r, d / "back.trc");
        EXPECT_EQ(slurp(d / "back.trc"), slurp(log));
    }
}

TEST(AixFixtures, Seed001Entries) {
    TempDir d;
    spit(d / "s.trc", hex_to_bytes(slurp(std::string(TK_AIX_FIXTURES) + "/aix64-types.hex")));
    auto r = open(d / "s.trc");
    EXPECT_EQ(r->info().order, ByteOrder::big);
    EXPECT_EQ(r->info().extras.at("aix:layout"), "64");
    EXPECT_EQ(r->info().uname, "AIX tk 7 3  ");
    EXPECT_EQ(r->info().extras.at("aix:timebase"), "1000/512");
    auto s = r->open_streams();
    Event ev;
    std::vector<Event> evs;
    std::vector<std::string> bytes;
    while (s[0]->next(ev)) evs.push_back(ev), bytes.emplace_back(reinterpret_cast<const char*>(ev.payload.data()), ev.payload.size());
    ASSERT_GE(evs.size(), 7u);
    // "UNDEFINED TRACE ID ... hookword 8000002801000000 type 8000 hookdata 0000
    //  0000000000000004 00000001100008D0 000000000000000A"
    auto u = trcfmt::decode_aix_entry(evs[3].payload, true, ByteOrder::big);
    EXPECT_EQ(u.hook_key, 0x0100);
    EXPECT_EQ(u.hook_type, 0x8000);
    EXPECT_EQ(u.hook_data, 0);
    EXPECT_EQ(u.data_words, 5);
    EXPECT_EQ(u.d[0], 4u);
    EXPECT_EQ(u.d[1], 0x1100008D0u);
    EXPECT_EQ(u.d[2], 0xAu);
    EXPECT_EQ(evs[3].tid, 0x1234);
    EXPECT_EQ(evs[3].ts, 0x400u * 1000 / 512);
    // MyCustomHook: TRCHKL4 "malloc", TRCGEN "successful malloc", subhook 1.
    auto m0 = trcfmt::decode_aix_entry(evs[4].payload, true, ByteOrder::big);
    EXPECT_EQ(bytes[4].substr(8, 6), "malloc");
    EXPECT_EQ(m0.d[1], 0x110000970u);
    EXPECT_EQ(m0.d[2] * m0.d[3], 40u);
    auto m1 = trcfmt::decode_aix_entry(evs[5].payload, true, ByteOrder::big);
    EXPECT_TRUE(m1.generic);
    EXPECT_EQ(m1.hook_data, 0x20);
    EXPECT_EQ(m1.data_len, 17u);
    EXPECT_EQ(m1.d[0], 17u);
    EXPECT_EQ(bytes[5].substr(16, 17), "successful malloc");
    auto m2 = trcfmt::decode_aix_entry(evs[6].payload, true, ByteOrder::big);
    EXPECT_EQ(m2.hook_data, 1);
    EXPECT_EQ(m2.d[0], 0x110000984u);
    EXPECT_EQ(m2.d[1], 5u);
    EXPECT_EQ(m2.d[2], 20u);
}

TEST(AixRoundTrip, GeneratedLogsOfEveryHookTypeAreBitExact) {
    for (bool b64 : {false, true})
        for (ByteOrder o : {ByteOrder::big, ByteOrder::little}) {
            SCOPED_TRACE(std::string(b64 ? "64" : "32") + (o == ByteOrder::big ? " big" : " little"));
            TempDir d;
            Gen g{b64, o};
            std::string log = g.log();
            spit(d / "gen.trc", log);
            auto r = open(d / "gen.trc");
            ASSERT_EQ(r->info().extras.at("aix:layout"), b64 ? "64" : "32");
            ASSERT_EQ(r->info().order, o);
            EXPECT_EQ(r->diagnostics().count(Diag::bad_record), 0u);
            std::string first = describe(*r);
            aix::WriteStats st = aix::write_aix(*r, d / "back.trc");
            EXPECT_EQ(st.bad, 0u);
            EXPECT_EQ(slurp(d / "back.trc"), log);
            // The companion templates parse, and the reader picks them up.
            trcfmt::TemplateSet ts;
            EXPECT_TRUE(ts.load(slurp(d / "back.trc.trcfmt"), "c").empty()) << slurp(d / "back.trc.trcfmt");
            EXPECT_NE(ts.find(b64 ? 0x0200 : 0x0110), nullptr);
            auto back = open(d / "back.trc");
            EXPECT_EQ(back->info().extras.at("aix:trcfmt"), slurp(d / "back.trc.trcfmt"));
            // AIX -> trace.dat (v6 and v7) -> AIX keeps every entry, bit for bit.
            for (int v : {6, 7}) {
                tracedat::WriteStats ws = tracedat::write_tracedat(*r, d / "x.dat", {v, tracedat::Codec::zstd, std::nullopt, 10});
                EXPECT_EQ(ws.dropped_too_big, 0u);
                auto t = open(d / "x.dat");
                ASSERT_EQ(t->info().family, FormatFamily::tracedat);
                aix::WriteStats st2 = aix::write_aix(*t, d / "again.trc");
                EXPECT_EQ(st2.bad, 0u) << st2.first_bad;
                EXPECT_EQ(st2.skipped, 0u);
                EXPECT_EQ(slurp(d / "again.trc"), log) << "trace.dat v" << v;
                auto again = open(d / "again.trc");
                EXPECT_EQ(describe(*again), first);
            }
        }
}

// A trace.dat written in the other byte order converts back to an AIX log in
// that order with the same hooks, words and TIDs (generic buffers are bytes
// and stay as they were, so they are left out of the comparison).
TEST(AixTraceDat, ByteSwappedTraceDatConvertsBack) {
    for (bool b64 : {false, true})
        for (ByteOrder o : {ByteOrder::big, ByteOrder::little}) {
            SCOPED_TRACE(std::string(b64 ? "64" : "32") + (o == ByteOrder::big ? " big" : " little"));
            TempDir d;
            spit(d / "gen.trc", Gen{b64, o}.log());
            auto r = open(d / "gen.trc");
            ByteOrder other = o == ByteOrder::big ? ByteOrder::little : ByteOrder::big;
            tracedat::write_tracedat(*r, d / "x.dat", {7, tracedat::Codec::zstd, other, 10});
            auto t = open(d / "x.dat");
            aix::WriteStats st = aix::write_aix(*t, d / "back.trc");
            EXPECT_EQ(st.bad, 0u) << st.first_bad;
            auto back = open(d / "back.trc", std::string("aix") + (b64 ? "64" : "32") + (other == ByteOrder::big ? "-be" : "-le"));
            EXPECT_EQ(back->info().order, other);
            auto values = [&](TraceReader& rd) {
                std::string s;
                auto ss = rd.open_streams();
                Event ev;
                while (ss[0]->next(ev)) {
                    auto e = trcfmt::decode_aix_entry(ev.payload, b64, rd.info().order);
                    s += hx(e.hook_key) + " " + hx(e.hook_type) + " " + hx(e.hook_data) + " " + std::to_string(ev.tid);
                    // (B-flag entries hold 4-byte words, which decode_aix_entry reads as 8-byte ones)
                    for (unsigned i = 0; i < e.data_words && !e.generic && !(b64 && (e.hook_type & 0x2000)); ++i) s += " " + hx(e.d[i]);
                    s += "\n";
                }
                return s;
            };
            EXPECT_EQ(values(*back), values(*r));
        }
}

TEST(AixTraceDat, TraceCmdShowsEveryHooksFieldsByName) {
    if (run("command -v trace-cmd").empty()) GTEST_SKIP() << "trace-cmd is not installed";
    std::vector<std::pair<std::string, std::string>> logs;
    for (const std::string& n : fixtures()) logs.push_back({n, hex_to_bytes(slurp(std::string(TK_AIX_FIXTURES) + "/" + n + ".hex"))});
    for (bool b64 : {false, true})
        for (ByteOrder o : {ByteOrder::big, ByteOrder::little}) logs.push_back({"gen", Gen{b64, o}.log()});
    for (const auto& [name, bytes] : logs) {
        SCOPED_TRACE(name);
        TempDir d;
        spit(d / "l.trc", bytes);
        auto r = open(d / "l.trc");
        tracedat::write_tracedat(*r, d / "l.dat", {7, tracedat::Codec::zstd, std::nullopt, 10});
        std::string rep = run("trace-cmd report -i " + d / "l.dat" + " 2>&1");
        std::istringstream lines(rep);
        std::string line;
        std::vector<std::string> ev_lines;
        while (std::getline(lines, line))
            if (line.find(" hook_") != std::string::npos) ev_lines.push_back(line);
        // Every entry is an event line, with its type's fields by name.
        auto s = r->open_streams();
        Event ev;
        size_t i = 0;
        Merger m;
        for (auto& st : s) m.add(st.get());
        while (m.next(ev)) {
            ASSERT_LT(i, ev_lines.size()) << rep;
            const EventType* t = nullptr;
            for (const EventType& x : r->info().event_types)
                if (x.id == ev.type_id) t = &x;
            ASSERT_TRUE(t);
            const std::string& l = ev_lines[i++];
            EXPECT_NE(l.find(" " + t->name + ":"), std::string::npos) << l;
            for (const FieldDef& f : t->fields) EXPECT_NE(l.find(" " + f.name + "="), std::string::npos) << f.name << " in " << l;
        }
        EXPECT_EQ(i, ev_lines.size());
        EXPECT_EQ(rep.find("[FAILED"), std::string::npos) << rep;
    }
}

TEST(AixDamage, TruncatedAndCorruptLogsGiveOffsetsNeverCrash) {
    std::vector<std::string> logs;
    for (const std::string& n : fixtures()) logs.push_back(hex_to_bytes(slurp(std::string(TK_AIX_FIXTURES) + "/" + n + ".hex")));
    logs.push_back(Gen{true, ByteOrder::big}.log());
    logs.push_back(Gen{false, ByteOrder::little}.log());
    TempDir d;
    std::mt19937 rng(7);
    for (const std::string& log : logs) {
        for (size_t cut = 0; cut < log.size(); cut += (log.size() > 600 ? 7 : 1)) {
            for (int corrupt = 0; corrupt < 2; ++corrupt) {
                std::string b = log.substr(0, cut);
                if (corrupt && !b.empty())
                    for (int k = 0; k < 3; ++k) b[rng() % b.size()] = static_cast<char>(rng());
                spit(d / "t.trc", b);
                for (std::string_view forced : {"aix", "aix32", "aix64-le"}) {
                    try {
                        auto r = open(d / "t.trc", forced);
                        auto s = r->open_streams();
                        Event ev;
                        uint64_t n = 0;
                        for (auto& st : s)
                            while (st->next(ev)) {
                                ASSERT_LE(ev.file_offset + ev.payload.size(), b.size());
                                ++n;
                            }
                        const Diagnostics& dg = r->diagnostics();
                        for (Diag k : {Diag::bad_record, Diag::truncated_cpu_data}) {
                            if (dg.count(k)) {
                                EXPECT_NE(dg.first_message(k).find(": offset 0x"), std::string::npos) << dg.first_message(k);
                            }
                        }
                    } catch (const FormatError& e) {
                        EXPECT_LE(e.offset(), b.size());
                    }
                }
            }
        }
    }
    // A log cut inside an entry: the whole entries are read, the cut is reported at its offset.
    std::string log = hex_to_bytes(slurp(std::string(TK_AIX_FIXTURES) + "/aix64-types.hex"));
    spit(d / "cut.trc", log.substr(0, log.size() - 5));
    auto r = open(d / "cut.trc");
    EXPECT_EQ(r->diagnostics().count(Diag::truncated_cpu_data), 1u);
    EXPECT_NE(r->diagnostics().first_message(Diag::truncated_cpu_data).find("offset 0x"), std::string::npos);
}

TEST(AixPerCpu, FilesMergedByTime) {
    TempDir d;
    Gen a{true, ByteOrder::big}, b{true, ByteOrder::big}, c{true, ByteOrder::big};
    a.e64(0xC000, 0x0030, 1, 0, std::string("AIX cpu 7 3\0", 12), 12);
    a.ts = 100;
    b.ts = 150;
    c.ts = 120;
    for (int i = 0; i < 3; ++i) {
        b.e64(0x8000, 0x0400, 0, 1);
        c.e64(0x8000, 0x0410, 0, 1);
    }
    spit(d / "trace.out", a.out);
    spit(d / "trace.out-1", b.out);
    spit(d / "trace.out-2", c.out);
    auto r = open(d / "trace.out", "aix");
    EXPECT_EQ(r->info().cpus, 3);
    auto s = r->open_streams();
    ASSERT_EQ(s.size(), 3u);
    Merger m;
    for (auto& st : s) m.add(st.get());
    Event ev;
    uint64_t last = 0;
    int n = 0;
    std::set<int> cpus;
    while (m.next(ev)) {
        EXPECT_GE(ev.ts, last);
        last = ev.ts;
        cpus.insert(ev.cpu);
        ++n;
    }
    EXPECT_EQ(n, 7);
    EXPECT_EQ(cpus, (std::set<int>{0, 1, 2}));
}

TEST(AixCli, ConvertToTraceDatAndBack) {
    TempDir d;
    std::string log = hex_to_bytes(slurp(std::string(TK_AIX_FIXTURES) + "/aix64-types.hex"));
    spit(d / "log.trc", log);
    int rc = -1;
    std::string tk = TK_TRACEKIT_BIN;
    std::string out = run(tk + " convert " + d / "log.trc" + " " + d / "out.dat 2>&1", &rc);
    EXPECT_EQ(rc, 0) << out;
    out = run(tk + " convert " + d / "out.dat" + " " + d / "back.bin --output-format aix 2>&1", &rc);
    EXPECT_EQ(rc, 0) << out;
    EXPECT_EQ(slurp(d / "back.bin"), log);
    out = run(tk + " templates check " + d / "back.bin.trcfmt 2>&1", &rc);
    EXPECT_EQ(rc, 0) << out;
    // By extension, and with the input format forced.
    out = run(tk + " convert --input-format aix64 " + d / "log.trc" + " " + d / "copy.trc 2>&1", &rc);
    EXPECT_EQ(rc, 0) << out;
    EXPECT_EQ(slurp(d / "copy.trc"), log);
    // A damaged log: an error with the offset, exit 1.
    spit(d / "bad.trc", log.substr(0, 30));
    out = run(tk + " convert --input-format aix " + d / "bad.trc" + " " + d / "bad.dat 2>&1", &rc);
    EXPECT_EQ(rc, 1) << out;
    EXPECT_NE(out.find("offset 0x"), std::string::npos) << out;
}
