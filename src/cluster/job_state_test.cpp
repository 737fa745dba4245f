#include "cluster/job_state.h"

#include <gtest/gtest.h>

namespace cluster {
namespace {

TEST(JobState, SlurmsNamesAndAnythingElseIsUnknown) {
  EXPECT_EQ(job_state_from_text("PENDING"), JobState::pending);
  EXPECT_EQ(job_state_from_text("CANCELLED by 1000"), JobState::cancelled);
  EXPECT_EQ(job_state_from_text("OUT_OF_MEMORY"), JobState::out_of_memory);
  EXPECT_EQ(job_state_from_text("REQUEUE_HOLD"), JobState::requeued);
  EXPECT_EQ(job_state_from_text("CONFIGURING"), JobState::pending);
  for (const char* other : {"RESIZING", "SUSPENDED", "BOOT_FAIL", "DEADLINE", "pending", "", "PD", "COMPLETED\x01", "\xff"}) {
    EXPECT_EQ(job_state_from_text(other), JobState::unknown) << other;
  }
  EXPECT_EQ(job_state_name(JobState::out_of_memory), "out_of_memory");
  EXPECT_TRUE(is_final(JobState::timeout));
  EXPECT_FALSE(is_final(JobState::requeued));
  EXPECT_FALSE(is_final(JobState::completing));
  EXPECT_FALSE(is_final(JobState::unknown));
}

TEST(JobState, ExitStatusFromBothForms) {
  JobStatus a;
  set_exit_from_pair(a, "3:0");
  EXPECT_EQ(a.exit_code, 3);
  EXPECT_FALSE(a.signal);
  JobStatus b;
  set_exit_from_pair(b, "0:9");
  EXPECT_EQ(b.signal, 9);
  EXPECT_FALSE(b.exit_code);
  JobStatus c;
  set_exit_from_wait_status(c, "768");
  EXPECT_EQ(c.exit_code, 3);
  JobStatus d;
  set_exit_from_wait_status(d, "15");
  EXPECT_EQ(d.signal, 15);
  for (const char* bad : {"", ":", "x:0", "3", "-1:0", "256:0", "3:0:1", "99999999999999999999:0"}) {
    JobStatus s;
    set_exit_from_pair(s, bad);
    EXPECT_FALSE(s.exit_code || s.signal) << bad;
  }
  for (const char* bad : {"", "x", "-1", "65536", "1e3"}) {
    JobStatus s;
    set_exit_from_wait_status(s, bad);
    EXPECT_FALSE(s.exit_code || s.signal) << bad;
  }
}

TEST(JobState, Durations) {
  EXPECT_EQ(parse_duration("0:27"), 27);
  EXPECT_EQ(parse_duration("00:00:27"), 27);
  EXPECT_EQ(parse_duration("1:02:03"), 3723);
  EXPECT_EQ(parse_duration("2-01:00:00"), 2 * 86400 + 3600);
  EXPECT_EQ(parse_duration("01:02.345"), 62);
  for (const char* bad : {"", "27", "INVALID", "UNLIMITED", "1-02:03", "a:b", "1:2:3:4", "-1:00"}) EXPECT_FALSE(parse_duration(bad)) << bad;
}

}  // namespace
}  // namespace cluster
