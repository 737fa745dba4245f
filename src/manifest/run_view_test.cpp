#include "manifest/run_view.h"

#include <gtest/gtest.h>

namespace {

TEST(RunView, ReadsWhatTheRunSectionRecords) {
  auto v = manifest::read_run_view(core::Json::parse(R"({"status": "succeeded", "seconds": 12.5, "log": "logs/run.log",
      "peak": {"gpu_own_mib": 900, "gpu_memory_mib": 1200, "group_rss_mib": null},
      "log_truncated": {"at_byte": 4096, "lost_bytes": 77, "reason": "No space left on device"}})"));
  EXPECT_EQ(v.status, "succeeded");
  EXPECT_EQ(v.seconds, "12.5");
  EXPECT_EQ(v.log, "logs/run.log");
  ASSERT_TRUE(v.peak);
  EXPECT_EQ(v.peak->gpu_own_mib, 900);
  EXPECT_EQ(v.peak->gpu_memory_mib, 1200);
  EXPECT_EQ(v.peak->group_rss_mib, std::nullopt);  // not measured
  ASSERT_TRUE(v.log_truncated);
  EXPECT_EQ(v.log_truncated->at_byte, 4096);
  EXPECT_EQ(v.log_truncated->lost_bytes, 77);
  EXPECT_EQ(v.log_truncated->reason, "No space left on device");
}

// A hand-edited or older section: what a reader shows by default, never an exception.
TEST(RunView, MissingFieldsReadAsAbsent) {
  auto v = manifest::read_run_view(core::Json::parse(R"({"status": 3, "log_truncated": {}})"));
  EXPECT_EQ(v.status, std::nullopt);
  EXPECT_EQ(v.seconds, "0");
  EXPECT_EQ(v.log, std::nullopt);
  EXPECT_FALSE(v.peak);
  ASSERT_TRUE(v.log_truncated);
  EXPECT_EQ(v.log_truncated->at_byte, 0);
  EXPECT_EQ(v.log_truncated->lost_bytes, 0);
  EXPECT_EQ(v.log_truncated->reason, std::nullopt);
  EXPECT_FALSE(manifest::read_run_view(core::Json::parse(R"({"log_truncated": "yes"})")).log_truncated);
}

}  // namespace
