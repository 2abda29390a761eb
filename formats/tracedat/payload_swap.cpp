// SPDX-License-Identifier: MIT
#include "payload_swap.hpp"

#include <traceevent/event-parse.h>

#include <algorithm>
#include <cstring>

#include "tracekit/byte_cursor.hpp"

namespace tk::tracedat {

namespace {
void swap_bytes(uint8_t* p, uint32_t n) { std::reverse(p, p + n); }

void swap_elements(uint8_t* p, size_t len, uint32_t element) {
    if (element < 2 || element > 8) return;
    for (size_t i = 0; i + element <= len; i += element) swap_bytes(p + i, element);
}
}  // namespace

PayloadSwapper::PayloadSwapper(tep_handle* tep) : tep_(tep), source_big_(tep_is_file_bigendian(tep)) {}

const std::vector<PayloadSwapper::Field>* PayloadSwapper::fields_for(uint16_t id) const {
    auto it = cache_.find(id);
    if (it != cache_.end()) return &it->second;
    tep_event* e = tep_find_event(tep_, id);
    if (!e) return nullptr;
    std::vector<Field> out;
    auto add = [&](tep_format_field* f) {
        for (; f; f = f->next) {
            Field x{};
            x.offset = static_cast<uint32_t>(f->offset);
            x.size = static_cast<uint32_t>(f->size);
            x.dynamic = f->flags & TEP_FIELD_IS_DYNAMIC;
            x.relative = f->flags & TEP_FIELD_IS_RELATIVE;
            x.rest = !x.dynamic && f->size == 0;
            x.element = (f->flags & (TEP_FIELD_IS_ARRAY | TEP_FIELD_IS_DYNAMIC)) ? f->elementsize : f->size;
            out.push_back(x);
        }
    };
    add(e->format.common_fields);
    add(e->format.fields);
    return &cache_.emplace(id, std::move(out)).first->second;
}

bool PayloadSwapper::swap(std::span<uint8_t> data) const {
    if (data.size() < 2) return false;
    ByteOrder src = source_big_ ? ByteOrder::big : ByteOrder::little;
    uint16_t id = load<uint16_t>(data.data(), src);
    const std::vector<Field>* fields = fields_for(id);
    if (!fields) return false;
    bool ok = true;
    for (const Field& f : *fields) {
        if (f.offset > data.size() || f.size > data.size() - f.offset) {
            ok = false;
            continue;
        }
        uint8_t* p = data.data() + f.offset;
        if (f.dynamic) {
            // Read the descriptor in the source order before swapping it.
            uint32_t desc = f.size == 2 ? load<uint16_t>(p, src) : load<uint32_t>(p, src);
            size_t off = desc & 0xffff, len = f.size == 2 ? data.size() - std::min(off, data.size()) : desc >> 16;
            if (f.relative) off += f.offset + f.size;
            swap_bytes(p, f.size);
            if (off <= data.size() && len <= data.size() - off) swap_elements(data.data() + off, len, f.element);
            else ok = false;
        } else if (f.rest) {
            swap_elements(p, data.size() - f.offset, f.element);
        } else if (f.element > 1 && f.element < f.size) {
            swap_elements(p, f.size, f.element);
        } else if (f.size >= 2 && f.size <= 8) {
            swap_bytes(p, f.size);
        }
    }
    return ok;
}

}  // namespace tk::tracedat
