// SPDX-License-Identifier: MIT
#include "tracekit/byte_cursor.hpp"

#include <gtest/gtest.h>

using tk::ByteCursor;
using tk::ByteOrder;

TEST(ByteCursor, ReadsBothByteOrders) {
    const std::string b("\x01\x02\x03\x04\x05\x06\x07\x08", 8);
    ByteCursor le(b, ByteOrder::little, "x");
    EXPECT_EQ(le.u16(), 0x0201);
    EXPECT_EQ(le.u16(), 0x0403);
    EXPECT_EQ(le.u32(), 0x08070605u);
    ByteCursor be(b, ByteOrder::big, "x");
    EXPECT_EQ(be.u64(), 0x0102030405060708ull);
    EXPECT_TRUE(be.at_end());
}

TEST(ByteCursor, ErrorNamesFileAndAbsoluteOffset) {
    const std::string b("\x01\x02\x03", 3);
    ByteCursor c(b, ByteOrder::little, "trace.dat", 0x100);
    c.u16();
    try {
        c.u32();
        FAIL() << "read past the end";
    } catch (const tk::FormatError& e) {
        EXPECT_EQ(e.file(), "trace.dat");
        EXPECT_EQ(e.offset(), 0x102u);
        EXPECT_NE(std::string(e.what()).find("trace.dat: offset 0x102: u32 needs 4 bytes but only 1 remain"),
                  std::string::npos)
            << e.what();
    }
}

TEST(ByteCursor, CStringMustBeTerminatedInsideTheBlock) {
    const std::string b("abc\0de", 6);
    ByteCursor c(b, ByteOrder::little, "f");
    EXPECT_EQ(c.cstr(), "abc");
    EXPECT_THROW(c.cstr(), tk::FormatError);
}

TEST(ByteCursor, SubCursorKeepsAbsoluteOffsets) {
    const std::string b(16, '\0');
    ByteCursor c(b, ByteOrder::little, "f", 1000);
    c.skip(4);
    ByteCursor s = c.sub(8);
    EXPECT_EQ(s.offset(), 1004u);
    EXPECT_EQ(c.offset(), 1012u);
    EXPECT_THROW(s.skip(9), tk::FormatError);
    EXPECT_THROW(c.sub(5), tk::FormatError);
}
