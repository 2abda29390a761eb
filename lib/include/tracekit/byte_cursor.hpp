// SPDX-License-Identifier: MIT
#pragma once
// The single bounds-checked, endian-aware reader for binary data. Every read
// checks the remaining length first and throws FormatError naming the file and
// the absolute byte offset, so a corrupt file can never read past its end.
#include <bit>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "tracekit/error.hpp"

namespace tk {

enum class ByteOrder : uint8_t { little, big };

inline constexpr ByteOrder host_order =
    std::endian::native == std::endian::little ? ByteOrder::little : ByteOrder::big;

template <typename T>
inline T byteswap_if(T v, bool swap) {
    if (!swap) return v;
    if constexpr (sizeof(T) == 1) return v;
    else if constexpr (sizeof(T) == 2) return static_cast<T>(__builtin_bswap16(static_cast<uint16_t>(v)));
    else if constexpr (sizeof(T) == 4) return static_cast<T>(__builtin_bswap32(static_cast<uint32_t>(v)));
    else return static_cast<T>(__builtin_bswap64(static_cast<uint64_t>(v)));
}

// Load an integer of type T from unaligned memory in the given byte order.
template <typename T>
inline T load(const uint8_t* p, ByteOrder order) {
    T v;
    std::memcpy(&v, p, sizeof v);
    return byteswap_if(v, order != host_order);
}

class ByteCursor {
public:
    // `base` is the absolute file offset of data[0]; it only feeds error messages.
    ByteCursor(const uint8_t* data, size_t size, ByteOrder order, std::string_view file, uint64_t base = 0)
        : data_(data), size_(size), order_(order), file_(file), base_(base) {}
    ByteCursor(std::string_view bytes, ByteOrder order, std::string_view file, uint64_t base = 0)
        : ByteCursor(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(), order, file, base) {}

    size_t pos() const { return pos_; }
    uint64_t offset() const { return base_ + pos_; }  // absolute offset in the file
    size_t size() const { return size_; }
    size_t remaining() const { return size_ - pos_; }
    bool at_end() const { return pos_ >= size_; }
    ByteOrder order() const { return order_; }
    void set_order(ByteOrder o) { order_ = o; }
    std::string_view file() const { return file_; }
    const uint8_t* data() const { return data_; }

    uint8_t u8() { return get<uint8_t>("u8"); }
    uint16_t u16() { return get<uint16_t>("u16"); }
    uint32_t u32() { return get<uint32_t>("u32"); }
    uint64_t u64() { return get<uint64_t>("u64"); }
    int32_t s32() { return static_cast<int32_t>(u32()); }

    // Bytes up to (not including) the next NUL; the NUL is consumed.
    std::string_view cstr(const char* what = "string") {
        const void* nul = std::memchr(data_ + pos_, 0, remaining());
        if (!nul) fail(offset(), std::string("unterminated ") + what + " runs past the end of its block");
        size_t len = static_cast<const uint8_t*>(nul) - (data_ + pos_);
        std::string_view s(reinterpret_cast<const char*>(data_ + pos_), len);
        pos_ += len + 1;
        return s;
    }

    std::string_view bytes(uint64_t n, const char* what = "data") {
        need(n, what);
        std::string_view s(reinterpret_cast<const char*>(data_ + pos_), static_cast<size_t>(n));
        pos_ += static_cast<size_t>(n);
        return s;
    }

    // Check that `n` more bytes exist, without consuming them.
    void need(uint64_t n, const char* what) const {
        if (n > remaining())
            fail(offset(), std::string(what) + " needs " + std::to_string(n) + " bytes but only " +
                               std::to_string(remaining()) + " remain (block ends at " + hex(base_ + size_) + ")");
    }

    void skip(uint64_t n, const char* what = "data") { need(n, what); pos_ += static_cast<size_t>(n); }

    void seek(uint64_t pos, const char* what = "offset") {
        if (pos > size_) fail(base_ + pos, std::string(what) + " " + hex(base_ + pos) + " lies past the end (" + hex(base_ + size_) + ")");
        pos_ = static_cast<size_t>(pos);
    }

    // A sub-cursor over the next n bytes (consumed here), keeping absolute offsets.
    ByteCursor sub(uint64_t n, const char* what = "block") {
        need(n, what);
        ByteCursor c(data_ + pos_, static_cast<size_t>(n), order_, file_, base_ + pos_);
        pos_ += static_cast<size_t>(n);
        return c;
    }

    [[noreturn]] void fail(uint64_t at, const std::string& message) const {
        throw FormatError(std::string(file_), at, message);
    }
    [[noreturn]] void fail(const std::string& message) const { fail(offset(), message); }

private:
    template <typename T>
    T get(const char* what) {
        need(sizeof(T), what);
        T v = load<T>(data_ + pos_, order_);
        pos_ += sizeof(T);
        return v;
    }

    const uint8_t* data_;
    size_t size_;
    size_t pos_ = 0;
    ByteOrder order_;
    std::string_view file_;
    uint64_t base_;
};

}  // namespace tk
