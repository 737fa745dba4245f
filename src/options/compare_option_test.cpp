// --compare and --compare-max as the planner takes them: the list or auto, the bound from
// knowledge unless given, the evaluation a comparison always has, and one usage line for
// each way of asking for something a comparison cannot be.
#include "options/compare_option.h"

#include <gtest/gtest.h>

namespace {

options::PlanOptions with_compare(const std::string& value) {
  options::PlanOptions o;
  o.compare = value;
  return o;
}

std::string usage_id(const options::PlanOptions& o) {
  auto r = options::compare_request(o);
  if (r) return "";
  EXPECT_EQ(r.error().code, core::ExitCode::usage) << r.error().id;
  return r.error().id;
}

TEST(CompareOption, NoCompareNoRequest) {
  auto r = options::compare_request(options::PlanOptions{});
  ASSERT_TRUE(r);
  EXPECT_FALSE(r->has_value());
}

TEST(CompareOption, ANamedListIsCleanedAndTheBoundComesFromKnowledge) {
  auto r = options::compare_request(with_compare(" fp8 ,int4_wo_128,fp8"));
  ASSERT_TRUE(r && *r);
  EXPECT_FALSE((*r)->automatic);
  EXPECT_EQ((*r)->schemes, (std::vector<std::string>{"fp8", "int4_wo_128"}));
  EXPECT_EQ((*r)->max, 4);  // knowledge/plan/rules.json comparison.max_candidates
  options::PlanOptions o = with_compare("auto");
  o.compare_max = 9;
  auto a = options::compare_request(o);
  ASSERT_TRUE(a && *a);
  EXPECT_TRUE((*a)->automatic);
  EXPECT_EQ((*a)->max, 9);
}

TEST(CompareOption, AComparisonAlwaysEvaluates) {
  auto r = options::compare_request(with_compare("fp8,ptpc_fp8"));
  ASSERT_TRUE(r && *r);
  options::PlanOptions planned = options::comparison_options(with_compare("fp8, ptpc_fp8"), **r);
  EXPECT_EQ(planned.compare, "fp8,ptpc_fp8");
  EXPECT_EQ(planned.eval, "smoke");  // the rules' default is none: the smallest budget instead
  options::PlanOptions full = with_compare("fp8");
  full.eval = "full";
  EXPECT_EQ(options::comparison_options(full, **r).eval, "full");
  options::PlanOptions one = options::candidate_options(planned, "fp8");
  EXPECT_EQ(one.scheme, "fp8");
  EXPECT_TRUE(one.compare.empty());
  EXPECT_FALSE(one.compare_max.has_value());
  EXPECT_EQ(one.eval, "smoke");
}

TEST(CompareOption, WhatAComparisonCannotBeIsAUsageError) {
  options::PlanOptions none = with_compare("fp8");
  none.eval = "none";
  EXPECT_EQ(usage_id(none), "plan.compare_eval_none");
  options::PlanOptions scheme = with_compare("fp8");
  scheme.scheme = "int8";
  EXPECT_EQ(usage_id(scheme), "plan.compare_with_scheme");
  EXPECT_EQ(usage_id(with_compare("fp8,,int8")), "plan.compare_bad_list");
  EXPECT_EQ(usage_id(with_compare("auto,fp8")), "plan.compare_bad_list");
  options::PlanOptions alone;
  alone.compare_max = 2;
  EXPECT_EQ(usage_id(alone), "plan.compare_max_alone");
}

}  // namespace
