#include "flow/recorded_run.h"

#include <gtest/gtest.h>

namespace {

TEST(RecordedRun, ReadsTheRunItsDiagnosisAndTheFindings) {
  auto r = flow::recorded_run(core::Json::parse(R"({
    "run": {"status": "failed", "log": "logs/run.log",
            "diagnosis": {"rule": "cuda_oom", "category": "resources", "return_to_checkpoint": 2}},
    "result": {"checks": [{"id": "files", "status": "fail", "message": "no output"}]},
    "environment": {"verdict": {"problems": [{"severity": "blocking", "message": "no GPU"}]}}
  })"));
  ASSERT_TRUE(r.run);
  EXPECT_EQ(r.run->status, "failed");
  EXPECT_EQ(r.run->log, "logs/run.log");
  ASSERT_TRUE(r.diagnosis);
  EXPECT_EQ(r.diagnosis->rule, "cuda_oom");
  EXPECT_EQ(r.diagnosis->return_to_checkpoint, 2);
  ASSERT_EQ(r.unpassed_checks.size(), 1u);
  EXPECT_EQ(r.unpassed_checks[0].message.text, "no output");
  ASSERT_EQ(r.blocking_problems.size(), 1u);
  EXPECT_EQ(r.blocking_problems[0].text, "no GPU");
}

TEST(RecordedRun, NothingRecordedIsNothingToShow) {
  auto none = flow::recorded_run(core::Json(nullptr));  // no manifest
  EXPECT_FALSE(none.run);
  EXPECT_FALSE(none.diagnosis);
  EXPECT_TRUE(none.unpassed_checks.empty());
  EXPECT_TRUE(none.blocking_problems.empty());
  // A diagnosis that names no rule is none; the run is still read.
  auto unnamed = flow::recorded_run(core::Json::parse(R"({"run": {"status": "failed", "diagnosis": {"category": "x"}}})"));
  EXPECT_TRUE(unnamed.run);
  EXPECT_FALSE(unnamed.diagnosis);
}

}  // namespace
