// SPDX-License-Identifier: MIT
#include "format_synth.hpp"

namespace tk::tracedat {

namespace {
std::string field_line(const std::string& decl, uint32_t offset, uint32_t size, bool is_signed) {
    return "\tfield:" + decl + ";\toffset:" + std::to_string(offset) + ";\tsize:" + std::to_string(size) +
           ";\tsigned:" + (is_signed ? "1" : "0") + ";\n";
}

bool is_char(const FieldDef& f) {
    return f.c_type == "char" || f.c_type == "unsigned char" || f.c_type == "signed char";
}

std::string scalar_conversion(const FieldDef& f) {
    if (f.size == 8) return f.is_signed ? "%lld" : "%llu";
    return f.is_signed ? "%d" : "%u";
}
}  // namespace

std::string synthesize_format(const EventType& t) {
    std::string s = "name: " + t.name + "\nID: " + std::to_string(t.id) + "\nformat:\n";
    s += field_line("unsigned short common_type", 0, 2, false);
    s += field_line("unsigned char common_flags", 2, 1, false);
    s += field_line("unsigned char common_preempt_count", 3, 1, false);
    s += field_line("int common_pid", 4, 4, true);
    s += "\n";
    std::string fmt, args;
    for (const FieldDef& f : t.fields) {
        if (f.common) continue;
        uint32_t off = f.offset + kCommonHeaderSize;
        std::string type = f.c_type.empty() ? "unsigned char" : f.c_type;
        std::string sep = fmt.empty() ? "" : " ";
        switch (f.layout) {
        case FieldLayout::scalar:
            s += field_line(type + " " + f.name, off, f.size, f.is_signed);
            fmt += sep + f.name + "=" + scalar_conversion(f);
            args += ", REC->" + f.name;
            break;
        case FieldLayout::fixed_array: {
            uint32_t el = f.element_size ? f.element_size : 1;
            s += field_line(type + " " + f.name + "[" + std::to_string(f.size / el) + "]", off, f.size, f.is_signed);
            if (is_char(f)) {
                fmt += sep + f.name + "=%s";
                args += ", REC->" + f.name;
            } else if (f.size / el <= 16) {
                // Element by element: libtraceevent's __print_array ignores the file's byte order.
                fmt += sep + f.name + "={";
                FieldDef e = f;
                e.size = el;
                for (uint32_t i = 0; i < f.size / el; ++i) {
                    fmt += (i ? "," : "") + scalar_conversion(e);
                    args += ", REC->" + f.name + "[" + std::to_string(i) + "]";
                }
                fmt += "}";
            } else {
                fmt += sep + f.name + "={%s}";
                args += ", __print_array(REC->" + f.name + ", " + std::to_string(f.size / el) + ", " + std::to_string(el) + ")";
            }
            break;
        }
        case FieldLayout::data_loc:
        case FieldLayout::rel_loc: {
            std::string kw = f.layout == FieldLayout::data_loc ? "__data_loc " : "__rel_loc ";
            s += field_line(kw + type + "[] " + f.name, off, 4, f.is_signed);
            std::string get = f.layout == FieldLayout::data_loc ? "__get_" : "__get_rel_";
            if (is_char(f)) {
                fmt += sep + f.name + "=%s";
                args += ", " + get + "str(" + f.name + ")";
            } else {
                uint32_t el = f.element_size ? f.element_size : 1;
                fmt += sep + f.name + "={%s}";
                args += ", __print_array(" + get + "dynamic_array(" + f.name + "), " + get + "dynamic_array_len(" +
                        f.name + ") / " + std::to_string(el) + ", " + std::to_string(el) + ")";
            }
            break;
        }
        case FieldLayout::rest:
            s += field_line(type + " " + f.name + "[]", off, 0, f.is_signed);
            break;
        }
    }
    s += "\nprint fmt: \"" + fmt + "\"" + args + "\n";
    return s;
}

std::string synthesize_header_page(int long_size, uint32_t page_size) {
    std::string l = std::to_string(long_size);
    uint32_t data = 8 + static_cast<uint32_t>(long_size);
    return "\tfield: u64 timestamp;\toffset:0;\tsize:8;\tsigned:0;\n"
           "\tfield: local_t commit;\toffset:8;\tsize:" + l + ";\tsigned:1;\n"
           "\tfield: int overwrite;\toffset:8;\tsize:1;\tsigned:1;\n"
           "\tfield: char data;\toffset:" + std::to_string(data) + ";\tsize:" + std::to_string(page_size - data) +
           ";\tsigned:0;\n";
}

std::string synthesize_header_event() {
    return "# compressed entry header\n"
           "\ttype_len    :    5 bits\n"
           "\ttime_delta  :   27 bits\n"
           "\tarray       :   32 bits\n"
           "\n"
           "\tpadding     : type == 29\n"
           "\ttime_extend : type == 30\n"
           "\ttime_stamp : type == 31\n"
           "\tdata max type_len  == 28\n";
}

}  // namespace tk::tracedat
