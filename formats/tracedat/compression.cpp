// SPDX-License-Identifier: MIT
#include "compression.hpp"

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
    if (expected > limits().max_decompressed_block) {
        error = "claims " + std::to_string(expected) + " uncompressed bytes, over the limit of " + std::to_string(limits().max_decompressed_block) + " (tracekit/limits.hpp)";
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
    if (expected > limits().max_decompressed_block) {
        error = "claims " + std::to_string(expected) + " uncompressed bytes, over the limit of " + std::to_string(limits().max_decompressed_block) + " (tracekit/limits.hpp)";
        return false;
    }
    out.resize(static_cast<size_t>(expected));
    return decompress_into(codec, in, reinterpret_cast<uint8_t*>(out.data()), expected, error);
}

bool compress(Codec codec, std::string_view in, std::string& out) {
    size_t at = out.size();
    switch (codec) {
    case Codec::none:
        out.append(in);
        return true;
    case Codec::zstd: {
        ZSTD_CCtx* cctx = ZSTD_createCCtx();
        if (!cctx) return false;
        // trace-cmd's frames carry no content size; match them.
        ZSTD_CCtx_setParameter(cctx, ZSTD_c_contentSizeFlag, 0);
        ZSTD_CCtx_setParameter(cctx, ZSTD_c_compressionLevel, ZSTD_CLEVEL_DEFAULT);
        out.resize(at + ZSTD_compressBound(in.size()));
        size_t n = ZSTD_compress2(cctx, out.data() + at, out.size() - at, in.data(), in.size());
        ZSTD_freeCCtx(cctx);
        if (ZSTD_isError(n)) return false;
        out.resize(at + n);
        return true;
    }
    case Codec::zlib: {
        uLongf n = compressBound(static_cast<uLong>(in.size()));
        out.resize(at + n);
        int rc = compress2(reinterpret_cast<Bytef*>(out.data() + at), &n, reinterpret_cast<const Bytef*>(in.data()),
                           static_cast<uLong>(in.size()), Z_BEST_COMPRESSION);
        if (rc != Z_OK) return false;
        out.resize(at + n);
        return true;
    }
    }
    return false;
}

std::string codec_version(Codec codec) {
    switch (codec) {
    case Codec::zstd: return ZSTD_versionString();
    case Codec::zlib: return zlibVersion();
    case Codec::none: return "";
    }
    return "";
}

const char* codec_name(Codec codec) {
    switch (codec) {
    case Codec::zstd: return "zstd";
    case Codec::zlib: return "zlib";
    case Codec::none: return "none";
    }
    return "none";
}

}  // namespace tk::tracedat
