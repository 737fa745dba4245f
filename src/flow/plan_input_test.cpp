// The step-4 flows read quant_plan.json through plan::read_plan_file: a plan that does not
// read (not JSON, not an object, a field of the wrong type) is the caller's one error.
#include "flow/plan_input.h"

#include <gtest/gtest.h>

#include "flow/verify_flow.h"
#include "support/temp_dir.h"

namespace flow {
namespace {

TEST(PlanInput, ReadsThroughThePlansReader) {
  test_support::TempDir d;
  auto path = d.write("quant_plan.json", R"({"global_scheme": "fp8", "checkpoint_names": {"renames": []}})");
  auto plan = read_plan_input(path);
  ASSERT_TRUE(plan.has_value());
  EXPECT_EQ(plan->global_scheme, "fp8");
  EXPECT_TRUE(plan->checkpoint_names.has_value());
}

TEST(PlanInput, WhatDoesNotReadIsUnset) {
  test_support::TempDir d;
  EXPECT_FALSE(read_plan_input(d.path() / "missing.json").has_value());
  EXPECT_FALSE(read_plan_input(d.write("text.json", "not json")).has_value());
  EXPECT_FALSE(read_plan_input(d.write("list.json", "[1, 2]")).has_value());
  EXPECT_FALSE(read_plan_input(d.write("typed.json", R"({"checkpoint_names": "oracle"})")).has_value());
}

TEST(PlanInput, VerifyGivesItsOwnErrorForAPlanOfTheWrongType) {
  test_support::TempDir d;
  d.write("out/config.json", "{}");
  VerifyRequest r;
  r.output_dir = (d.path() / "out").string();
  r.plan = d.write("quant_plan.json", R"({"layer_quant_config": {"*.q_proj": 8}})").string();
  auto report = verify(r);
  ASSERT_FALSE(report.has_value());
  EXPECT_EQ(report.error().code, core::ExitCode::bad_input);
  EXPECT_EQ(report.error().id, "verify.plan_unreadable");
}

}  // namespace
}  // namespace flow
