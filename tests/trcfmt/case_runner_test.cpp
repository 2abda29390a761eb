// SPDX-License-Identifier: MIT
// Runs every tests/trcfmt/cases/*.case file. A case file is sectioned:
//
//   # free comment lines before the first section
//   --- template          the template file text (named "t.trcfmt" in messages)
//   --- options           evaluator options: indent A S K I | start_column N | max_loop N |
//                         max_steps N | max_output N | version V (render that template version)
//   --- entry             one entry: "key: value" lines and "hex:" lines (bytes, blanks ignored)
//                         keys: hook64 yes|no, order big|little, pid, tid, cpu, timestamp,
//                         logoffset, and trace state: logfile NAME, exec PID PATH, svc TID NAME,
//                         slih ADDR NAME
//   --- expect            the text of the preceding entry ("(skipped)", "(stop)" for $SKIP/$STOP)
//   --- error             the runtime error of the preceding entry, exactly
//   --- check-error       the template diagnostics, one "line:col: message" per line
//   --- expect-report     trcrpt-like lines "ID ELAPSED_SEC DELTA_MSEC LABEL TEXT" for all
//                         entries (compared with runs of blanks collapsed)
#include <gtest/gtest.h>

#include <algorithm>
#include <cinttypes>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "trcfmt/evaluator.hpp"
#include "trcfmt/template_set.hpp"

namespace fs = std::filesystem;
using namespace tk::trcfmt;

namespace {

struct Section {
    std::string name;
    std::string body;
};

std::vector<Section> read_sections(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::vector<Section> out;
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("--- ", 0) == 0) {
            std::string name = line.substr(4);
            while (!name.empty() && (name.back() == ' ' || name.back() == '\r')) name.pop_back();
            out.push_back({name, ""});
        } else if (!out.empty()) {
            out.back().body += line + "\n";
        }
    }
    return out;
}

std::string chomp(std::string s) {
    if (!s.empty() && s.back() == '\n') s.pop_back();
    return s;
}

std::string collapse(const std::string& s) {
    std::string out;
    bool blank = false;
    for (char c : s) {
        if (c == ' ' || c == '\t') {
            blank = true;
            continue;
        }
        if (blank && !out.empty() && out.back() != '\n' && c != '\n') out += ' ';
        blank = false;
        out += c;
    }
    return out;
}

uint64_t num(const std::string& s) { return std::stoull(s, nullptr, 0); }

struct EntrySpec {
    std::vector<uint8_t> bytes;
    bool hook64 = false;
    tk::ByteOrder order = tk::ByteOrder::big;
    int64_t pid = -1, tid = -1;
    int32_t cpu = 0;
    uint64_t ts = 0, logoffset = 0;
};

EntrySpec parse_entry(const std::string& body, TraceState& state) {
    EntrySpec e;
    std::istringstream in(body);
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        auto colon = line.find(':');
        if (colon == std::string::npos) throw std::runtime_error("entry line without ':' : " + line);
        std::string key = line.substr(0, colon);
        std::string val = line.substr(colon + 1);
        while (!val.empty() && val.front() == ' ') val.erase(0, 1);
        if (key == "hex") {
            std::string digits;
            for (char c : val)
                if (std::isxdigit(static_cast<unsigned char>(c))) digits += c;
            if (digits.size() % 2) throw std::runtime_error("odd number of hex digits");
            for (size_t i = 0; i < digits.size(); i += 2) e.bytes.push_back(static_cast<uint8_t>(std::stoul(digits.substr(i, 2), nullptr, 16)));
        } else if (key == "ascii") {  // bytes of a text, e.g. ascii: successful malloc
            for (char c : val) e.bytes.push_back(static_cast<uint8_t>(c));
        } else if (key == "hook64") e.hook64 = val == "yes";
        else if (key == "order") e.order = val == "little" ? tk::ByteOrder::little : tk::ByteOrder::big;
        else if (key == "pid") e.pid = static_cast<int64_t>(num(val));
        else if (key == "tid") e.tid = static_cast<int64_t>(num(val));
        else if (key == "cpu") e.cpu = static_cast<int32_t>(num(val));
        else if (key == "timestamp") e.ts = num(val);
        else if (key == "logoffset") e.logoffset = num(val);
        else if (key == "logfile") state.logfile = val;
        else if (key == "exec" || key == "svc" || key == "slih") {
            auto sp = val.find(' ');
            uint64_t k = num(val.substr(0, sp));
            std::string name = val.substr(sp + 1);
            if (key == "exec") state.exec_paths[static_cast<int64_t>(k)] = name;
            else if (key == "svc") state.svc_names[static_cast<int64_t>(k)] = name;
            else state.slih_names[k] = name;
        } else throw std::runtime_error("unknown entry key " + key);
    }
    return e;
}

class TrcfmtCase : public ::testing::TestWithParam<std::string> {};

TEST_P(TrcfmtCase, Runs) {
    fs::path path = fs::path(TK_TRCFMT_CASES) / GetParam();
    auto sections = read_sections(path);
    ASSERT_FALSE(sections.empty()) << path << ": no sections";
    ASSERT_EQ(sections[0].name, "template") << path << ": the first section must be the template";

    TemplateSet set;
    auto diags = set.load(sections[0].body, "t.trcfmt");
    std::string got_diags;
    for (const auto& d : diags) got_diags += std::to_string(d.pos.line) + ":" + std::to_string(d.pos.col) + ": " + d.message + "\n";

    bool check_expected = false;
    EvalOptions opt;
    std::string version;
    TraceState state;
    std::vector<std::pair<std::string, std::string>> results;  // (label, text) per entry
    std::vector<EntrySpec> entries;
    std::string actual;  // last entry's result
    bool have_entry = false;
    for (size_t i = 1; i < sections.size(); ++i) {
        const auto& s = sections[i];
        if (s.name == "check-error") {
            check_expected = true;
            EXPECT_EQ(got_diags, s.body) << path;
        } else if (s.name == "options") {
            std::istringstream in(s.body);
            std::string k;
            while (in >> k) {
                if (k == "indent") for (auto& v : opt.level_indent) in >> v;
                else if (k == "start_column") in >> opt.start_column;
                else if (k == "max_loop") in >> opt.max_loop;
                else if (k == "max_steps") in >> opt.max_steps;
                else if (k == "max_output") in >> opt.max_output;
                else if (k == "version") in >> version;
                else FAIL() << path << ": unknown option " << k;
            }
        } else if (s.name == "entry") {
            ASSERT_TRUE(diags.empty()) << path << ": template errors:\n" << got_diags;
            EntrySpec spec = parse_entry(s.body, state);
            entries.push_back(spec);
            EntrySpec& es = entries.back();
            Evaluator ev(set, state, opt);
            std::string out;
            try {
                EntryView e = decode_aix_entry(es.bytes, es.hook64, es.order);
                e.pid = es.pid;
                e.tid = es.tid;
                e.cpu = es.cpu;
                e.timestamp = es.ts;
                e.log_offset = es.logoffset;
                RenderResult r;
                if (!version.empty()) {
                    const Template* t = set.find(e.hook_key, version);
                    ASSERT_NE(t, nullptr) << path << ": no template version " << version;
                    r = ev.render(*t, e, out);
                } else {
                    r = ev.render(e, out);
                }
                switch (r.outcome) {
                    case Outcome::printed: actual = out; break;
                    case Outcome::skipped: actual = "(skipped)"; break;
                    case Outcome::stop: actual = "(stop)"; break;
                    case Outcome::no_template: actual = "(no template) " + out; break;
                }
                results.push_back({r.tpl ? r.tpl->label : "", out});
            } catch (const RuntimeError& err) {
                actual = std::string("error: ") + err.what();
                results.push_back({"", actual});
            }
            have_entry = true;
        } else if (s.name == "expect") {
            ASSERT_TRUE(have_entry) << path << ": expect without entry";
            EXPECT_EQ(actual, chomp(s.body)) << path;
        } else if (s.name == "error") {
            ASSERT_TRUE(have_entry) << path << ": error without entry";
            EXPECT_EQ(actual, "error: " + chomp(s.body)) << path;
        } else if (s.name == "expect-report") {
            std::string report;
            uint64_t prev = 0;
            for (size_t k = 0; k < results.size(); ++k) {
                char buf[96];
                uint64_t ts = entries[k].ts;
                EntryView e = decode_aix_entry(entries[k].bytes, entries[k].hook64, entries[k].order);
                std::snprintf(buf, sizeof buf, "%s %" PRIu64 ".%09" PRIu64 " %" PRIu64 ".%06" PRIu64 " ",
                              hook_name(e.hook_key).c_str(), ts / 1000000000, ts % 1000000000, (ts - prev) / 1000000,
                              (ts - prev) % 1000000);
                prev = ts;
                report += buf + results[k].first + " " + results[k].second + "\n";
            }
            EXPECT_EQ(collapse(report), collapse(s.body)) << path;
        } else {
            FAIL() << path << ": unknown section " << s.name;
        }
    }
    if (!check_expected) EXPECT_EQ(got_diags, "") << path << ": unexpected template diagnostics";
}

std::vector<std::string> case_files() {
    std::vector<std::string> out;
    for (const auto& e : fs::directory_iterator(TK_TRCFMT_CASES))
        if (e.path().extension() == ".case") out.push_back(e.path().filename().string());
    std::sort(out.begin(), out.end());
    return out;
}

std::string case_name(const ::testing::TestParamInfo<std::string>& info) {
    std::string n = info.param.substr(0, info.param.size() - 5);
    for (char& c : n)
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    return n;
}

}  // namespace

INSTANTIATE_TEST_SUITE_P(Cases, TrcfmtCase, ::testing::ValuesIn(case_files()), case_name);
