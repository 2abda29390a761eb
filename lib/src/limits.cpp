// SPDX-License-Identifier: MIT
#include "tracekit/limits.hpp"

namespace tk {

Limits& limits() {
    static Limits l;
    return l;
}

}  // namespace tk
