// SPDX-License-Identifier: MIT
#pragma once
// What a report keeps across events: the context the built-in macros print
// ($LOGFILE, $EXECPATH, $SVC) and the tables the built-in functions fill and
// look up (fdinstall/fdtofilename, lookuppninstall*, flih/resume, ...).
// One TraceState per report; the report (or an EXEC hook) fills exec paths.
#include <cstdint>
#include <string>
#include <unordered_map>

namespace tk::trcfmt {

struct ProcessFiles {
    std::string current_file;     // set by lookuppninstall1
    uint64_t current_vnode = 0;   // set by lookuppninstall2 / pfsrdwrinstall1
    bool has_vnode = false;
    std::unordered_map<uint64_t, std::string> fd_names;  // fdinstall: fd -> file name
};

struct TraceState {
    std::string logfile;                                   // $LOGFILE
    std::unordered_map<int64_t, std::string> exec_paths;   // pid -> path ($EXECPATH, P4)
    std::unordered_map<int64_t, std::string> svc_names;    // tid -> current system call ($SVC)
    std::unordered_map<uint64_t, std::string> slih_names;  // handler address -> name (slihlookup)

    std::unordered_map<int64_t, ProcessFiles> processes;   // per pid
    std::unordered_map<uint64_t, std::string> vnode_names; // vnode -> file name
    std::unordered_map<uint64_t, uint64_t> sid_vnodes;     // segment id -> vnode (pfsrdwrinstall2)
    std::unordered_map<uint64_t, uint64_t> buf_vnodes;     // buf -> vnode (vmbufinstall)
    std::unordered_map<int32_t, int> interrupt_depth;      // per CPU (flih / resume)

    bool stopped = false;  // a template ran $STOP: the report ends

    void set_exec(int64_t pid, std::string path) { exec_paths[pid] = std::move(path); }
    int depth(int32_t cpu) const {
        auto it = interrupt_depth.find(cpu);
        return it == interrupt_depth.end() ? 0 : it->second;
    }
};

}  // namespace tk::trcfmt
