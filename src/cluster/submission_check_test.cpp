// The submission check's pure parts: the --test-only argv made from the recorded one, and
// sinfo's partition limits as Slurm 22.05 prints them (tests/slurm asks the real slurmctld).
#include "cluster/submission_check.h"

#include <gtest/gtest.h>

namespace cluster {
namespace {

TEST(SubmissionCheck, TestOnlyIsTheRecordedSubmissionWithTheScriptCopy) {
  const std::vector<std::string> recorded{"/usr/bin/sbatch", "--parsable", "--partition=gpu", "--time=0-00:30:00", "/w/slurm/job.sbatch"};
  EXPECT_EQ(
      test_only_argv(recorded, "/tmp/qptq-test-only-abc"),
      (std::vector<std::string>{"/usr/bin/sbatch", "--test-only", "--partition=gpu", "--time=0-00:30:00", "/tmp/qptq-test-only-abc"}));
  EXPECT_TRUE(test_only_argv({}, "/tmp/x").empty());
}

TEST(SubmissionCheck, PartitionLimitsAsSinfoWritesThem) {
  auto minutes = [](std::string_view text) -> std::optional<unsigned> {
    auto r = parse_partition_limit(text);
    EXPECT_TRUE(r) << text;
    return r ? *r : std::nullopt;
  };
  EXPECT_EQ(minutes("infinite"), std::nullopt);
  EXPECT_EQ(minutes("UNLIMITED"), std::nullopt);
  EXPECT_EQ(minutes("5:00"), 5u);
  EXPECT_EQ(minutes("1:30"), 1u);  // rounded down: a job may ask for 1 minute, not 2
  EXPECT_EQ(minutes("2:00:00"), 120u);
  EXPECT_EQ(minutes("2-00:00:00"), 2880u);
  EXPECT_EQ(minutes("1-12:30:59"), 2190u);
  for (std::string_view bad : {"", "5", "n/a", "1-5:00", "a:00", "5:60", "1:2:3:4", "-1:00:00"}) {
    EXPECT_FALSE(parse_partition_limit(bad)) << bad;
  }
}

TEST(SubmissionCheck, ThePartitionOrTheDefaultOneInSinfosList) {
  const std::string listed = "debug* infinite\nurgent infinite\nshort 5:00\n";
  EXPECT_EQ(partition_limit_field(listed, "short"), std::make_pair(std::string("short"), std::string("5:00")));
  EXPECT_EQ(partition_limit_field(listed, ""), std::make_pair(std::string("debug"), std::string("infinite")));
  EXPECT_EQ(partition_limit_field(listed, "gpu"), std::nullopt);
  EXPECT_EQ(partition_limit_field("", ""), std::nullopt);
}

}  // namespace
}  // namespace cluster
