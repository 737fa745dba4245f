#include "core/release_line.h"

#include <gtest/gtest.h>

TEST(ReleaseLine, APatchOrPostReleaseBelongsToItsLine) {
  EXPECT_EQ(core::release_line("0.12.post1"), "0.12");
  EXPECT_EQ(core::release_line("0.13.1"), "0.13");
  EXPECT_EQ(core::release_line("0.13"), "0.13");
  EXPECT_EQ(core::release_line("0.13rc1"), "0.13");
  EXPECT_EQ(core::release_line("1"), "1");
  EXPECT_EQ(core::release_line(""), "");
}
