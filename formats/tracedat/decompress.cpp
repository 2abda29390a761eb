// SPDX-License-Identifier: MIT
#include "decompress.hpp"

#include <zlib.h>
#include <zstd.h>

#include <cstring>

namespace tk::tracedat {

bool codec_from_name(std::string_view name, Codec& out) {
    if (name == "none" || name.empty()) out = Codec::none;
    else if (name == "zstd") out = Codec::zstd;
    else if (name == "zlib") out = Codec::zlib;
    else return false;
    return true;
}

bool decompress_into(Codec codec, std::string_view in, uint8_t* out, uint64_t expected, std::string& error) {
    if (expected > kMaxDecompressedBlock) {
        error = "claims " + std::to_string(expected) + " uncompressed bytes, over the limit";
        return false;
    }
    switch (codec) {
    case Codec::none:
        if (in.size() != expected) {
            error = "stored size " + std::to_string(in.size()) + " differs from stated " + std::to_string(expected);
            return false;
        }
        std::memcpy(out, in.data(), in.size());
        return true;
    case Codec::zstd: {
        // trace-cmd's frames carry no content size: decompress into the stated size.
        size_t n = ZSTD_decompress(out, static_cast<size_t>(expected), in.data(), in.size());
        if (ZSTD_isError(n)) {
            error = std::string("zstd: ") + ZSTD_getErrorName(n);
            return false;
        }
        if (n != expected) {
            error = "zstd gave " + std::to_string(n) + " bytes, expected " + std::to_string(expected);
            return false;
        }
        return true;
    }
    case Codec::zlib: {
        uLongf n = static_cast<uLongf>(expected);
        int rc = ::uncompress(out, &n, reinterpret_cast<const Bytef*>(in.data()), static_cast<uLong>(in.size()));
        if (rc != Z_OK) {
            error = std::string("zlib: ") +
                    (rc == Z_DATA_ERROR ? "corrupt data" : rc == Z_BUF_ERROR ? "output larger than stated" : "error " + std::to_string(rc));
            return false;
        }
        if (n != expected) {
            error = "zlib gave " + std::to_string(n) + " bytes, expected " + std::to_string(expected);
            return false;
        }
        return true;
    }
    }
    return false;
}

bool decompress(Codec codec, std::string_view in, uint64_t expected, std::string& out, std::string& error) {
    if (expected > kMaxDecompressedBlock) {
        error = "claims " + std::to_string(expected) + " uncompressed bytes, over the limit";
        return false;
    }
    out.resize(static_cast<size_t>(expected));
    return decompress_into(codec, in, reinterpret_cast<uint8_t*>(out.data()), expected, error);
}

}  // namespace tk::tracedat
