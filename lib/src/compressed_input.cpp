// SPDX-License-Identifier: MIT
#include "compressed_input.hpp"

#include <boost/iostreams/device/array.hpp>
#include <boost/iostreams/filter/bzip2.hpp>
#include <boost/iostreams/filter/gzip.hpp>
#include <boost/iostreams/filter/lzma.hpp>
#include <boost/iostreams/filter/zstd.hpp>
#include <boost/iostreams/filtering_stream.hpp>
#include <cstring>

#include "tracekit/error.hpp"
#include "tracekit/limits.hpp"

namespace tk {

const char* whole_file_compression(std::string_view p) {
    auto starts = [&](const char* magic, size_t n) { return p.size() >= n && std::memcmp(p.data(), magic, n) == 0; };
    if (starts("\x1f\x8b", 2)) return "gzip";
    if (starts("BZh", 3)) return "bzip2";
    if (starts("\xfd" "7zXZ\0", 6)) return "xz";
    if (starts("\x28\xb5\x2f\xfd", 4)) return "zstd";
    return nullptr;
}

std::vector<uint8_t> decompress_whole_file(std::string_view in, const char* kind, const std::string& name) {
    namespace io = boost::iostreams;
    io::filtering_istream s;
    std::string k = kind;
    if (k == "gzip") s.push(io::gzip_decompressor());
    else if (k == "bzip2") s.push(io::bzip2_decompressor());
    else if (k == "xz") s.push(io::lzma_decompressor());
    else s.push(io::zstd_decompressor());
    s.push(io::array_source(in.data(), in.size()));
    std::vector<uint8_t> out;
    const uint64_t limit = limits().max_input_decompressed;
    char buf[1 << 16];
    try {
        while (s) {
            s.read(buf, sizeof buf);
            std::streamsize n = s.gcount();
            if (n <= 0) break;
            if (out.size() + static_cast<uint64_t>(n) > limit)
                throw UsageError(name + ": " + k + " input expands past " + std::to_string(limit) +
                                 " bytes (tracekit/limits.hpp max_input_decompressed)");
            out.insert(out.end(), buf, buf + n);
        }
    } catch (const UsageError&) {
        throw;
    } catch (const std::exception& e) {
        throw UsageError(name + ": corrupt " + k + " data after " + std::to_string(out.size()) +
                         " decompressed bytes: " + e.what());
    }
    return out;
}

}  // namespace tk
