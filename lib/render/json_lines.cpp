// SPDX-License-Identifier: MIT
#include "render/json_lines.hpp"

#include "tracekit/json.hpp"

#include <traceevent/event-parse.h>

#include <cinttypes>
#include <cstdio>
#include <cstring>

namespace tk {

namespace {
// Where a field's bytes are in this record, following __data_loc/__rel_loc.
bool field_bytes(const tep_format_field* f, const Event& ev, tep_handle* tep, const uint8_t*& p, size_t& n) {
    const uint8_t* data = ev.payload.data();
    size_t size = ev.payload.size();
    if (static_cast<size_t>(f->offset) + static_cast<size_t>(f->size) > size) return false;
    if (f->flags & TEP_FIELD_IS_DYNAMIC) {
        unsigned long long v = tep_read_number(tep, data + f->offset, f->size);
        size_t off = v & 0xffff, len = f->size == 2 ? size - off : (v >> 16) & 0xffff;
        if (f->flags & TEP_FIELD_IS_RELATIVE) off += f->offset + f->size;
        if (off > size || len > size - off) return false;
        p = data + off;
        n = len;
        return true;
    }
    p = data + f->offset;
    n = f->size ? static_cast<size_t>(f->size) : size - f->offset;
    return true;
}
}  // namespace

void JsonLines::event(const Event& ev, std::string_view instance) {
    tep_handle* tep = session_.tep();
    tep_record rec;
    TepSession::fill_record(ev, rec);
    tep_event* e = tep_find_event_by_record(tep, &rec);
    std::string& o = out_.buffer();
    char buf[160];
    int n = std::snprintf(buf, sizeof buf, "{\"ts\":%" PRIu64 ",\"cpu\":%d,\"pid\":%d,\"comm\":", ev.ts, ev.cpu, ev.pid);
    o.append(buf, static_cast<size_t>(n));
    append_json_string(o, tep_data_comm_from_pid(tep, ev.pid));
    if (!instance.empty()) {
        o += ",\"instance\":";
        append_json_string(o, instance);
    }
    if (ev.missed_before) {
        n = std::snprintf(buf, sizeof buf, ",\"lost_before\":%" PRId64, ev.missed_before);
        o.append(buf, static_cast<size_t>(n));
    }
    if (!e) {
        n = std::snprintf(buf, sizeof buf, ",\"type\":%u,\"event\":null}\n", ev.type_id);
        o.append(buf, static_cast<size_t>(n));
        out_.maybe_flush();
        return;
    }
    o += ",\"system\":";
    append_json_string(o, e->system);
    o += ",\"event\":";
    append_json_string(o, e->name);
    o += ",\"fields\":{";
    bool first = true;
    for (tep_format_field* f = e->format.fields; f; f = f->next) {
        if (!first) o.push_back(',');
        first = false;
        append_json_string(o, f->name);
        o.push_back(':');
        const uint8_t* p;
        size_t len;
        if (!field_bytes(f, ev, tep, p, len)) {
            o += "null";
            continue;
        }
        bool is_char = std::strncmp(f->type, "char", 4) == 0 || std::strstr(f->type, " char") != nullptr;
        if ((f->flags & (TEP_FIELD_IS_ARRAY | TEP_FIELD_IS_DYNAMIC | TEP_FIELD_IS_STRING)) && is_char) {
            append_json_string(o, std::string_view(reinterpret_cast<const char*>(p), strnlen(reinterpret_cast<const char*>(p), len)));
        } else if ((f->flags & (TEP_FIELD_IS_ARRAY | TEP_FIELD_IS_DYNAMIC)) || f->size == 0 || f->size > 8) {
            size_t el = f->elementsize > 0 && f->elementsize <= 8 ? f->elementsize : 1;
            o.push_back('[');
            for (size_t i = 0; i + el <= len; i += el) {
                if (i) o.push_back(',');
                n = std::snprintf(buf, sizeof buf, "%llu", tep_read_number(tep, p + i, static_cast<int>(el)));
                o.append(buf, static_cast<size_t>(n));
            }
            o.push_back(']');
        } else {
            unsigned long long v = tep_read_number(tep, p, f->size);
            if (f->flags & TEP_FIELD_IS_SIGNED) {
                long long sv = f->size == 1 ? static_cast<int8_t>(v) : f->size == 2 ? static_cast<int16_t>(v)
                                             : f->size == 4 ? static_cast<int32_t>(v) : static_cast<long long>(v);
                n = std::snprintf(buf, sizeof buf, "%lld", sv);
            } else {
                n = std::snprintf(buf, sizeof buf, "%llu", v);
            }
            o.append(buf, static_cast<size_t>(n));
        }
    }
    o += "}}\n";
    out_.maybe_flush();
}

}  // namespace tk
