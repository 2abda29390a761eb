// SPDX-License-Identifier: MIT
// The built-in functions of trcfmt (fdinstall(), flih(), ...). They keep
// per-process file tables in TraceState so later events can print names the
// event itself does not carry. The seeds describe them in one line each; the
// exact semantics chosen here are written in docs/trcfmt.md. Lookups print
// nothing when the name is unknown.
#include <array>

#include "trcfmt/evaluator.hpp"

namespace tk::trcfmt {

void Evaluator::builtin(const FuncItem& f) {
    // Missing arguments are the values read last: one missing -> the last
    // value, two missing -> the two last values, in the order they were read.
    const uint64_t last = last_value_, prev = prev_value_;
    std::array<uint64_t, 2> a{};
    size_t n = f.args.size();
    for (size_t i = 0; i < n && i < 2; ++i) a[i] = eval(f.args[i], f.args[i].root);
    uint64_t one = n >= 1 ? a[0] : last;   // single-argument functions
    uint64_t two_a = n == 0 ? prev : a[0];  // two-argument functions
    uint64_t two_b = n >= 2 ? a[1] : last;

    const int64_t pid = e_->pid >= 0 ? e_->pid : e_->tid;
    auto print = [&](const std::string* s) {
        if (s && !s->empty()) w_.field(*s, true);
    };
    auto vnode_name = [&](uint64_t vp) -> const std::string* {
        auto it = state_.vnode_names.find(vp);
        return it == state_.vnode_names.end() ? nullptr : &it->second;
    };

    switch (f.fn) {
        case Builtin::flih: ++state_.interrupt_depth[e_->cpu]; break;
        case Builtin::resume: {
            int& d = state_.interrupt_depth[e_->cpu];
            if (d > 0) --d;
            break;
        }
        case Builtin::setdelim: w_.set_nodelim(); break;
        case Builtin::lookuppninstall1: state_.processes[pid].current_file = last_string_; break;
        case Builtin::lookuppninstall2: {
            ProcessFiles& p = state_.processes[pid];
            p.current_vnode = one;
            p.has_vnode = true;
            state_.vnode_names[one] = p.current_file;
            break;
        }
        case Builtin::fdinstall: {
            ProcessFiles& p = state_.processes[pid];
            const std::string* name = p.has_vnode ? vnode_name(p.current_vnode) : nullptr;
            p.fd_names[one] = name ? *name : p.current_file;
            break;
        }
        case Builtin::fdtofilename: {
            auto pit = state_.processes.find(pid);
            if (pit == state_.processes.end()) break;
            auto it = pit->second.fd_names.find(one);
            if (it != pit->second.fd_names.end()) print(&it->second);
            break;
        }
        case Builtin::pfsrdwrinstall1: {
            ProcessFiles& p = state_.processes[pid];
            p.current_vnode = one;
            p.has_vnode = true;
            break;
        }
        case Builtin::pfsrdwrinstall2: {
            // (segment, count): the segment now maps the process's current vnode.
            ProcessFiles& p = state_.processes[pid];
            if (p.has_vnode) state_.sid_vnodes[two_a] = p.current_vnode;
            break;
        }
        case Builtin::vmbufinstall: {
            // (segment, buf): the buf belongs to the vnode mapped by the segment.
            auto it = state_.sid_vnodes.find(two_a);
            if (it != state_.sid_vnodes.end()) state_.buf_vnodes[two_b] = it->second;
            break;
        }
        case Builtin::buftofilename: {
            auto it = state_.buf_vnodes.find(one);
            if (it != state_.buf_vnodes.end()) print(vnode_name(it->second));
            break;
        }
        case Builtin::sidtofilename: {
            auto it = state_.sid_vnodes.find(one);
            if (it != state_.sid_vnodes.end()) print(vnode_name(it->second));
            break;
        }
        case Builtin::vpagetofilename: {
            // (vpage, segment): the page does not change the file.
            auto it = state_.sid_vnodes.find(two_b);
            if (it != state_.sid_vnodes.end()) print(vnode_name(it->second));
            break;
        }
        case Builtin::vnodetofilename: print(vnode_name(one)); break;
        case Builtin::slihlookup: {
            auto it = state_.slih_names.find(one);
            if (it != state_.slih_names.end()) print(&it->second);
            break;
        }
    }
}

}  // namespace tk::trcfmt
