// SPDX-License-Identifier: MIT
#pragma once
// Builds small but complete trace.dat v6 files in memory for unit tests:
// the real header_page/header_event texts, one event format, a cmdline, and
// ring-buffer pages assembled word by word in either byte order and with a
// 4- or 8-byte kernel long. Lets tests hit every page-format corner exactly.
#include <cstdint>
#include <string>
#include <vector>

#include "tracekit/byte_cursor.hpp"

namespace tk::test {

class Bytes {
public:
    explicit Bytes(ByteOrder o) : order_(o) {}
    template <typename T>
    Bytes& put(T v) {
        v = byteswap_if(v, order_ != host_order);
        const char* p = reinterpret_cast<const char*>(&v);
        s_.append(p, sizeof v);
        return *this;
    }
    Bytes& raw(std::string_view v) { s_.append(v); return *this; }
    Bytes& cstr(std::string_view v) { s_.append(v); s_.push_back('\0'); return *this; }
    std::string& str() { return s_; }
    size_t size() const { return s_.size(); }

private:
    ByteOrder order_;
    std::string s_;
};

// One ring-buffer page.
class PageBuilder {
public:
    PageBuilder(ByteOrder o, int long_size, uint32_t page_size, uint64_t ts)
        : order_(o), long_size_(long_size), page_size_(page_size), data_(o), ts_(ts) {}
    // A data record of type_len 1..28 (payload padded to 4 bytes).
    PageBuilder& event(uint32_t delta, const std::string& payload) {
        uint32_t words = static_cast<uint32_t>((payload.size() + 3) / 4);
        header(words, delta);
        std::string p = payload;
        p.resize(words * 4, '\0');
        data_.raw(p);
        return *this;
    }
    // A record with type_len 0: length in array[0].
    PageBuilder& long_event(uint32_t delta, const std::string& payload) {
        header(0, delta);
        data_.put<uint32_t>(static_cast<uint32_t>(payload.size() + 4));
        std::string p = payload;
        p.resize((payload.size() + 3) & ~size_t(3), '\0');
        data_.raw(p);
        return *this;
    }
    PageBuilder& time_extend(uint64_t delta) {
        header(30, static_cast<uint32_t>(delta & ((1u << 27) - 1)));
        data_.put<uint32_t>(static_cast<uint32_t>(delta >> 27));
        return *this;
    }
    PageBuilder& time_stamp(uint64_t abs) {
        header(31, static_cast<uint32_t>(abs & ((1u << 27) - 1)));
        data_.put<uint32_t>(static_cast<uint32_t>(abs >> 27));
        return *this;
    }
    // `after_header` bytes follow the header word, the length word included (kbuffer's rule).
    PageBuilder& padding(uint32_t delta, uint32_t after_header) {
        header(29, delta);
        data_.put<uint32_t>(after_header);
        data_.raw(std::string(after_header - 4, '\0'));
        return *this;
    }
    PageBuilder& missed(int64_t count) { missed_ = count; return *this; }
    PageBuilder& commit_override(uint64_t c) { commit_override_ = c; has_override_ = true; return *this; }

    std::string build() const {
        Bytes page(order_);
        page.put<uint64_t>(ts_);
        uint64_t commit = data_.size();
        if (missed_) commit |= (1ull << 31) | (missed_ > 0 ? (1ull << 30) : 0);
        if (has_override_) commit = commit_override_;
        if (long_size_ == 8) page.put<uint64_t>(commit);
        else page.put<uint32_t>(static_cast<uint32_t>(commit));
        Bytes d = data_;
        if (missed_ > 0) {
            if (long_size_ == 8) d.put<uint64_t>(static_cast<uint64_t>(missed_));
            else d.put<uint32_t>(static_cast<uint32_t>(missed_));
        }
        page.raw(d.str());
        std::string s = page.str();
        s.resize(page_size_, '\0');
        return s;
    }

private:
    void header(uint32_t type_len, uint32_t delta) {
        uint32_t w = order_ == ByteOrder::little ? (type_len | (delta << 5)) : ((type_len << 27) | delta);
        data_.put<uint32_t>(w);
    }
    ByteOrder order_;
    int long_size_;
    uint32_t page_size_;
    Bytes data_;
    uint64_t ts_;
    int64_t missed_ = 0;
    uint64_t commit_override_ = 0;
    bool has_override_ = false;
};

// The payload of our one test event type (id 7, "test/tick": common fields + u32 value).
inline std::string tick_payload(ByteOrder o, int32_t pid, uint32_t value) {
    Bytes b(o);
    b.put<uint16_t>(7).put<uint8_t>(0).put<uint8_t>(0).put<int32_t>(pid).put<uint32_t>(value);
    return b.str();
}

inline std::string header_page_text(int long_size) {
    std::string l = std::to_string(long_size);
    return "\tfield: u64 timestamp;\toffset:0;\tsize:8;\tsigned:0;\n"
           "\tfield: local_t commit;\toffset:8;\tsize:" + l + ";\tsigned:1;\n"
           "\tfield: int overwrite;\toffset:8;\tsize:1;\tsigned:1;\n"
           "\tfield: char data;\toffset:" + std::to_string(8 + long_size) + ";\tsize:" +
           std::to_string(4096 - 8 - long_size) + ";\tsigned:0;\n";
}

inline const char* tick_format() {
    return "name: tick\nID: 7\nformat:\n"
           "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
           "\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
           "\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
           "\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n"
           "\tfield:unsigned int value;\toffset:8;\tsize:4;\tsigned:0;\n\n"
           "print fmt: \"value=%u\", REC->value\n";
}

// A whole v6 file with one CPU whose data is `pages` (each page_size long).
inline std::string build_v6(ByteOrder o, int long_size, const std::vector<std::string>& pages,
                            uint32_t page_size = 4096) {
    Bytes b(o);
    b.raw(std::string("\x17\x08\x44tracing", 10)).cstr("6");
    b.put<uint8_t>(o == ByteOrder::big ? 1 : 0).put<uint8_t>(static_cast<uint8_t>(long_size)).put<uint32_t>(page_size);
    std::string hp = header_page_text(long_size);
    b.cstr("header_page").put<uint64_t>(hp.size()).raw(hp);
    std::string he = "# compressed entry header\n";
    b.cstr("header_event").put<uint64_t>(he.size()).raw(he);
    b.put<uint32_t>(0);                      // ftrace formats
    b.put<uint32_t>(1).cstr("test").put<uint32_t>(1);
    std::string f = tick_format();
    b.put<uint64_t>(f.size()).raw(f);
    b.put<uint32_t>(0);                      // kallsyms
    b.put<uint32_t>(0);                      // printk
    std::string cl = "42 worker\n";
    b.put<uint64_t>(cl.size()).raw(cl);
    b.put<uint32_t>(1);                      // CPUs
    b.raw(std::string("options  \0", 10));
    std::string clock = "[local] global\n";
    b.put<uint16_t>(4).put<uint32_t>(static_cast<uint32_t>(clock.size())).raw(clock);
    b.put<uint16_t>(0);
    b.raw(std::string("flyrecord\0", 10));
    uint64_t table_end = b.size() + 16 + 8 + 7;
    uint64_t data_at = (table_end + page_size - 1) / page_size * page_size;
    b.put<uint64_t>(data_at).put<uint64_t>(pages.size() * page_size);
    b.put<uint64_t>(7).raw("[local]");
    b.str().resize(data_at, '\0');
    for (const std::string& p : pages) b.raw(p);
    return b.str();
}

}  // namespace tk::test
