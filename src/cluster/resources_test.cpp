#include "cluster/resources.h"

#include <gtest/gtest.h>

namespace {

TEST(Resources, MemoryAsSbatchReadsIt) {
  EXPECT_EQ(*cluster::parse_mem_mib("65536"), 65536u);
  EXPECT_EQ(*cluster::parse_mem_mib("64G"), 65536u);
  EXPECT_EQ(*cluster::parse_mem_mib("64g"), 65536u);
  EXPECT_EQ(*cluster::parse_mem_mib("512M"), 512u);
  EXPECT_EQ(*cluster::parse_mem_mib("1T"), 1048576u);
  EXPECT_EQ(*cluster::parse_mem_mib("1025K"), 2u);  // rounded up
  for (const char* bad : {"", "0", "0G", "G", "64 G", "64GB", "-1", "1.5G", "64\nG", "99999999999999G"}) {
    auto r = cluster::parse_mem_mib(bad);
    ASSERT_FALSE(r.has_value()) << bad;
    EXPECT_EQ(r.error().id, "cluster.bad_mem");
  }
}

TEST(Resources, TimeLimitInWholeMinutes) {
  EXPECT_EQ(*cluster::parse_time_limit_minutes("90"), 90u);
  EXPECT_EQ(*cluster::parse_time_limit_minutes("01:30:00"), 90u);
  EXPECT_EQ(*cluster::parse_time_limit_minutes("1-00:00:00"), 1440u);
  EXPECT_EQ(*cluster::parse_time_limit_minutes("10:01"), 11u);  // MM:SS, rounded up
  for (const char* bad : {"", "0", "00:00:00", "1h", "-5", "1.5", "1:2:3:4", "90\n"}) {
    auto r = cluster::parse_time_limit_minutes(bad);
    ASSERT_FALSE(r.has_value()) << bad;
    EXPECT_EQ(r.error().id, "cluster.bad_time_limit");
  }
}

}  // namespace
