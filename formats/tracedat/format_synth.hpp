// SPDX-License-Identifier: MIT
// ftrace "format" text for event types that have none (events read from other
// formats), so that trace-cmd and libtraceevent show their fields by name.
// Such payloads get the 8-byte ftrace common header in front when written;
// their fields move 8 bytes down in the synthesized format accordingly.
#pragma once
#include <string>

#include "tracekit/model.hpp"

namespace tk::tracedat {

inline constexpr uint32_t kCommonHeaderSize = 8;  // common_type, _flags, _preempt_count, _pid

// The whole format file text ("name: ...\nID: ...\nformat:\n...print fmt: ...\n").
std::string synthesize_format(const EventType& type);
// header_page text for a kernel long of `long_size` bytes and `page_size`-byte pages.
std::string synthesize_header_page(int long_size, uint32_t page_size);
// header_event text as kernels print it.
std::string synthesize_header_event();

}  // namespace tk::tracedat
