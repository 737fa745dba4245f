#include <gtest/gtest.h>

#include "cluster/job_memory.h"

namespace cluster {
namespace {

StepMemory step(std::optional<std::int64_t> max_kib, std::optional<std::int64_t> now_kib, std::string node = "n1") {
  return StepMemory{"5.batch", max_kib, now_kib, std::move(node), max_kib && now_kib ? "" : "5.batch|?"};
}

TEST(JobMemory, SamplesBecomeTheTimelineAndMaxRssThePeak) {
  JobMemory m;
  m.add_sample(1.0, step(0, 0));  // accounting has not sampled the step yet
  m.add_sample(3.0, step(200 * 1024, 200 * 1024));
  m.add_sample(5.0, step(300 * 1024, 300 * 1024));
  m.add_sample(7.0, step(300 * 1024, 200 * 1024));
  const runner::ResourceSummary& s = m.summary();
  ASSERT_EQ(s.timeline.size(), 4u);
  EXPECT_EQ(s.timeline[3].t, 7.0);
  EXPECT_EQ(s.timeline[3].group_rss_mib, 200);
  EXPECT_EQ(s.timeline[3].host_used_mib, 0);  // the node's memory is not asked
  EXPECT_EQ(s.peak_group_rss_mib, 300);
  EXPECT_EQ(m.record().samples, 4);
  EXPECT_EQ(m.record().sstat_max_rss_mib, 300);
  EXPECT_FALSE(m.record().sacct_max_rss_mib);
  EXPECT_EQ(m.record().node, "n1");
}

TEST(JobMemory, AccountingRaisesThePeakTheSamplesMissed) {
  JobMemory m;
  m.add_sample(2.0, step(100 * 1024, 100 * 1024));
  m.add_accounted(StepMemory{"5.0", 900 * 1024, std::nullopt, "n2", ""});
  EXPECT_EQ(m.summary().peak_group_rss_mib, 900);
  EXPECT_EQ(m.record().sacct_max_rss_mib, 900);
  EXPECT_EQ(m.record().node, "n2");
  // A lower figure from accounting does not lower the peak.
  JobMemory lower;
  lower.add_sample(2.0, step(500 * 1024, 500 * 1024));
  lower.add_accounted(StepMemory{"5.batch", 400 * 1024, std::nullopt, "n3", ""});
  EXPECT_EQ(lower.summary().peak_group_rss_mib, 500);
  EXPECT_EQ(lower.record().node, "n1");
}

TEST(JobMemory, NothingReadIsNotMeasuredNeverZero) {
  JobMemory m;
  EXPECT_FALSE(m.summary().peak_group_rss_mib);
  m.add_sample(1.0, step(0, 0));
  m.add_sample(2.0, step(std::nullopt, std::nullopt));
  EXPECT_FALSE(m.summary().peak_group_rss_mib);
  EXPECT_EQ(m.record().unreadable, 1);
  EXPECT_EQ(m.summary().timeline.size(), 1u);
}

TEST(JobMemory, ALongJobsTimelineStaysBounded) {
  JobMemory m;
  for (int i = 0; i < 10000; ++i) m.add_sample(i * 2.0, step(1024, 1024));
  EXPECT_LE(m.summary().timeline.size(), 2048u);
  EXPECT_GE(m.summary().timeline.back().t, 19000.0);
  EXPECT_EQ(m.record().samples, 10000);
}

}  // namespace
}  // namespace cluster
