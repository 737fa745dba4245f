#include "core/text.h"

#include <gtest/gtest.h>

namespace {

TEST(Text, Trim) {
  EXPECT_EQ(core::trim("  a b\t\r\n"), "a b");
  EXPECT_EQ(core::trim(" \n "), "");
  EXPECT_EQ(core::trim("\n a \n", " \t"), "\n a \n");
  EXPECT_EQ(core::trim("\t a \t", " \t"), "a");
}

TEST(Text, JoinAndSplit) {
  EXPECT_EQ(core::join({}), "");
  EXPECT_EQ(core::join({"a", "b", "c"}), "a, b, c");
  EXPECT_EQ(core::join({"a", "b"}, ","), "a,b");
  EXPECT_EQ(core::split("a,,b", ','), (std::vector<std::string>{"a", "", "b"}));
  EXPECT_EQ(core::split("", ','), (std::vector<std::string>{""}));
  EXPECT_EQ(core::join(core::split("x.y.z", '.'), "."), "x.y.z");
}

TEST(Text, Lines) {
  EXPECT_EQ(core::split_lines("a\r\nb\n\nc\n"), (std::vector<std::string_view>{"a", "b", "", "c"}));
  EXPECT_TRUE(core::split_lines("").empty());
  EXPECT_EQ(core::last_line("Traceback\n  File x\nValueError: bad  \n\n"), "ValueError: bad");
  EXPECT_EQ(core::last_line("only"), "only");
  EXPECT_EQ(core::last_line(" \n\r\n"), "");
}

TEST(Text, Hex) {
  const unsigned char bytes[] = {0x00, 0x9f, 0xa0, 0xff};
  EXPECT_EQ(core::to_hex(bytes, sizeof(bytes)), "009fa0ff");
  EXPECT_EQ(core::to_hex(bytes, 0), "");
}

}  // namespace
