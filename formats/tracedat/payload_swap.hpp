// SPDX-License-Identifier: MIT
// Re-encodes event payloads into the other byte order, field by field, as the
// event's format describes them: scalars by size, fixed arrays by element,
// __data_loc/__rel_loc descriptors and the arrays they point to.
#pragma once
#include <cstdint>
#include <span>
#include <unordered_map>
#include <vector>

struct tep_handle;

namespace tk::tracedat {

class PayloadSwapper {
public:
    // `tep` holds the parsed formats in the source byte order.
    explicit PayloadSwapper(tep_handle* tep);
    // Swaps `data` in place (source order -> other order). Unknown event ids
    // and fields that run past the record are left as they are; returns false then.
    bool swap(std::span<uint8_t> data) const;

private:
    struct Field {
        uint32_t offset, size, element;
        bool dynamic, relative, rest;
    };
    const std::vector<Field>* fields_for(uint16_t id) const;
    tep_handle* tep_;
    bool source_big_;
    mutable std::unordered_map<uint16_t, std::vector<Field>> cache_;
    mutable std::vector<Field> common_;
};

}  // namespace tk::tracedat
