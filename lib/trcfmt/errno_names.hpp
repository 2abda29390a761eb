// SPDX-License-Identifier: MIT
#pragma once
// errno names for the E1/E2/E4 codes. Only the values every Unix shares
// (1..34, from V7 on) are listed; AIX numbers above 34 differ from Linux and
// no public table was checked, so they print as decimal numbers.
#include <cstdint>

namespace tk::trcfmt {

const char* errno_name(int64_t value);  // nullptr when unknown

}  // namespace tk::trcfmt
