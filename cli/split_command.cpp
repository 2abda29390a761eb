// SPDX-License-Identifier: MIT
// `tracekit split`: cut a trace into trace.dat pieces by time, events or
// pages (optionally per CPU), named like trace-cmd split names them.
#include <cmath>
#include <cstdio>
#include <map>

#include "commands.hpp"
#include "tracedat/writer.hpp"
#include "tracekit/atomic_file.hpp"
#include "tracekit/error.hpp"
#include "tracekit/merge.hpp"
#include "tracekit/registry.hpp"

namespace tk::cli {

namespace {

struct SplitArgs {
    std::string input = "trace.dat", output;
    double seconds = 0, msecs = 0, usecs = 0;
    uint64_t events = 0, pages = 0;
    bool repeat = false, per_cpu = false;
    std::vector<double> window;  // [start [end]] in seconds
};

enum class Unit { time, events, pages };

int run_split(const SplitArgs& a) {
    if (a.output.empty()) throw UsageError("split needs -o BASE (pieces are BASE.1, or BASE.0001, BASE.0002, ... with -r)");
    int modes = (a.seconds > 0) + (a.msecs > 0) + (a.usecs > 0) + (a.events > 0) + (a.pages > 0);
    if (modes > 1) throw UsageError("split takes one of -s, -m, -u, -e, -p");
    Unit unit = a.events ? Unit::events : a.pages ? Unit::pages : Unit::time;
    uint64_t span_ns = a.seconds > 0 ? static_cast<uint64_t>(std::llround(a.seconds * 1e9))
                       : a.msecs > 0 ? static_cast<uint64_t>(std::llround(a.msecs * 1e6))
                       : a.usecs > 0 ? static_cast<uint64_t>(std::llround(a.usecs * 1e3)) : 0;
    uint64_t n = a.events ? a.events : a.pages;
    bool has_start = a.window.size() >= 1, has_end = a.window.size() >= 2;
    uint64_t start_ns = has_start ? static_cast<uint64_t>(std::llround(a.window[0] * 1e9)) : 0;
    uint64_t end_ns = has_end ? static_cast<uint64_t>(std::llround(a.window[1] * 1e9)) : 0;
    if (a.window.size() > 2) throw UsageError("split takes at most a start and an end time");

    auto in = std::make_shared<MappedFile>(a.input);
    // Pass 1: walk the events in time order and decide each one's piece. A
    // stream's events never go back to an earlier piece, so each stream keeps
    // only where its pieces start (its ordinal -> piece).
    auto reader = open_trace(in, {});
    auto streams = reader->open_streams();
    std::map<std::pair<int, int>, uint32_t> stream_of;  // (instance, cpu) -> index
    {
        uint32_t i = 0;
        for (size_t inst = 0; inst < reader->info().instances.size(); ++inst)
            if (!reader->info().instances[inst].latency)
                for (const CpuData& c : reader->info().instances[inst].cpus) stream_of[{static_cast<int>(inst), c.cpu}] = i++;
    }
    size_t ns = streams.size();
    std::vector<std::vector<std::pair<uint64_t, uint32_t>>> runs(ns);  // per stream: (first ordinal, piece)
    std::vector<uint64_t> ordinal(ns, 0);
    Merger m;
    for (uint32_t i = 0; i < ns; ++i) m.add(streams[i].get(), i);
    // Counters: one set for all CPUs, or one per stream with -c.
    size_t groups = a.per_cpu ? ns : 1;
    std::vector<uint64_t> count(groups, 0), piece_start(groups, 0), last_block(ns, UINT64_MAX);
    std::vector<uint32_t> piece(groups, 0);
    std::vector<bool> started(groups, false);
    uint32_t pieces = 0;
    Event ev;
    uint32_t si = 0;
    constexpr uint32_t kOutside = UINT32_MAX;
    while (m.next(ev, &si)) {
        uint64_t ord = ordinal[si]++;
        uint32_t p = kOutside;
        if ((!has_start || ev.ts >= start_ns) && (!has_end || ev.ts <= end_ns)) {
            size_t g = a.per_cpu ? si : 0;
            if (!started[g]) {
                started[g] = true;
                piece_start[g] = ev.ts;
            }
            if (unit == Unit::time && span_ns && ev.ts >= piece_start[g] + span_ns) {
                ++piece[g];
                piece_start[g] = ev.ts;  // each piece spans from its own first event
            }
            if (unit == Unit::events && count[g] == n) ++piece[g], count[g] = 0;
            if (unit == Unit::pages && ev.block != last_block[si]) {
                last_block[si] = ev.block;
                if (count[g] == n) ++piece[g], count[g] = 0;
                ++count[g];
            }
            if (unit == Unit::events) ++count[g];
            p = piece[g];
            if (!a.repeat && p > 0) p = kOutside;  // without -r only the first piece is written
        }
        if (runs[si].empty() || runs[si].back().second != p) runs[si].push_back({ord, p});
        if (p != kOutside) pieces = std::max(pieces, p + 1);
    }
    if (pieces == 0) throw UsageError(a.input + ": no events in the chosen range: nothing to split");

    // Pass 2: one trace.dat per piece, each keeping only its own events.
    tracedat::WriteOptions wo;
    wo.carry_drops = false;  // each drop marker stays with its own event, in its own piece
    auto probe = open_trace(in, {});
    wo.version = probe->info().family == FormatFamily::tracedat && probe->info().version ? probe->info().version : 7;
    if (!tracedat::codec_from_name(probe->info().compression, wo.compression)) wo.compression = tracedat::Codec::none;
    for (uint32_t k = 0; k < pieces; ++k) {
        char name[32];
        std::snprintf(name, sizeof name, a.repeat ? ".%04u" : ".%u", k + 1);
        std::string out = a.output + name;
        if (same_file(out, a.input)) throw UsageError(out + ": is the input file; split never overwrites its input");
        auto r = open_trace(in, {});
        std::vector<uint64_t> seen(ns, 0);
        std::vector<size_t> run_at(ns, 0);
        auto keep = [&](const Event& e) {
            uint32_t s = stream_of.at({e.instance, e.cpu});
            uint64_t o = seen[s]++;
            auto& rs = runs[s];
            while (run_at[s] + 1 < rs.size() && rs[run_at[s] + 1].first <= o) ++run_at[s];
            return !rs.empty() && rs[run_at[s]].second == k;
        };
        tracedat::WriteStats st = tracedat::write_tracedat(*r, out, wo, keep);
        std::fprintf(stderr, "%s: %llu events\n", out.c_str(), static_cast<unsigned long long>(st.events));
    }
    return 0;
}

}  // namespace

Runner add_split(CLI::App& app) {
    auto a = std::make_shared<SplitArgs>();
    CLI::App* c = app.add_subcommand("split", "Cut a trace into trace.dat pieces (like trace-cmd split)");
    c->add_option("-i,--input", a->input, "Input file (default trace.dat)");
    c->add_option("-o,--output", a->output, "Base name of the pieces: BASE.1, or BASE.0001, BASE.0002, ... with -r")->required();
    c->add_option("-s", a->seconds, "Pieces of this many seconds (from each piece's first event)");
    c->add_option("-m", a->msecs, "Pieces of this many milliseconds");
    c->add_option("-u", a->usecs, "Pieces of this many microseconds");
    c->add_option("-e", a->events, "Pieces of this many events");
    c->add_option("-p", a->pages, "Pieces of this many ring-buffer pages");
    c->add_flag("-r", a->repeat, "Repeat until the end (otherwise only the first piece is written)");
    c->add_flag("-c", a->per_cpu, "Count per CPU: -e 100 -c gives every CPU 100 events per piece");
    c->add_option("window", a->window, "[start [end]]: only events in this time range (seconds, as report shows)");
    return [a] { return run_split(*a); };
}

}  // namespace tk::cli
