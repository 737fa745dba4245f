#include "report/recommend.h"

#include <gtest/gtest.h>

namespace {

report::Candidate passing(std::string name, std::int64_t bytes, double seconds) {
  report::Candidate c;
  c.name = std::move(name);
  c.run = report::RunState::succeeded;
  c.verification = "success";
  c.size_bytes = bytes;
  c.source_bytes = 1000;
  c.quark_cli_seconds = seconds;
  c.evaluation = report::Evaluation{};
  c.evaluation->verdict = evaluate::Status::pass;
  c.evaluation->perplexity = report::PerplexityDelta{2.3, 0.4};
  c.evaluation->threshold_pct = 5;
  return c;
}

std::string arg(const std::vector<core::MessageArg>& args, const std::string& name) {
  for (const auto& a : args) {
    if (a.name == name) return a.value;
  }
  return "";
}

std::string arg(const report::Recommendation& r, const std::string& name) { return arg(r.args, name); }
std::string tie_arg(const report::Recommendation& r, const std::string& name) { return arg(r.tie_args, name); }

TEST(Recommend, TheSmallestCandidateThatPassed) {
  std::vector<report::Candidate> cs = {passing("fp8", 500, 30), passing("int4_wo_64", 300, 90), passing("ptpc_fp8", 510, 20)};
  auto r = report::recommend(cs);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->index, 1u);
  EXPECT_EQ(r->reason_id, "report.recommend_reason");
  EXPECT_EQ(arg(*r, "name"), "int4_wo_64");
  EXPECT_EQ(arg(*r, "passed"), "3");
  EXPECT_EQ(arg(*r, "ratio"), "30.0");
  EXPECT_EQ(arg(*r, "delta"), "+2.30");
}

TEST(Recommend, NeverAFailedUnmeasuredOrUnverifiedCandidate) {
  std::vector<report::Candidate> cs = {passing("fp8", 500, 30), passing("mxfp4", 200, 30), passing("int4", 250, 30),
                                       passing("w4a4", 100, 30), passing("int2", 50, 30)};
  cs[1].evaluation->verdict = evaluate::Status::fail;           // degraded beyond the threshold
  cs[2].evaluation->verdict = evaluate::Status::indeterminate;  // not shown to be within it
  cs[3].verification = "partial";                               // its output did not verify
  cs[4].run = report::RunState::failed;
  auto r = report::recommend(cs);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->index, 0u);
  cs[0].evaluation.reset();  // no evaluation at all
  EXPECT_FALSE(report::recommend(cs));
}

TEST(Recommend, SameSizeWithinOnePercentGoesToTheFasterThenTheEarlier) {
  std::vector<report::Candidate> cs = {passing("fp8", 1000, 60), passing("ptpc_fp8", 1005, 40)};
  auto r = report::recommend(cs);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->index, 1u);  // 0.5 % larger, faster
  cs[1].quark_cli_seconds = 60;
  EXPECT_EQ(report::recommend(cs)->index, 0u);  // a tie: the earlier stays
  cs[1].size_bytes = 1020;                      // 2 % larger: size decides
  cs[1].quark_cli_seconds = 1;
  EXPECT_EQ(report::recommend(cs)->index, 0u);
}

TEST(Recommend, SameSizeGoesFirstToTheSchemeNativeOnTheTargetAndSaysWhy) {
  std::vector<report::Candidate> cs = {passing("mxfp4", 1000, 30), passing("int4_w4a8", 1004, 60)};
  cs[0].native_on_target = false;  // emulated there: dequantized at inference
  cs[0].target = "mi300x";
  cs[1].native_on_target = true;
  cs[1].target = "mi300x";
  auto r = report::recommend(cs);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->index, 1u);  // slower, but native
  EXPECT_EQ(r->tie_id, "report.recommend_tie_native");
  EXPECT_EQ(tie_arg(*r, "other"), "mxfp4");
  EXPECT_EQ(tie_arg(*r, "target"), "mi300x");
  // Nativeness unknown for one of them (target architecture unknown): time decides.
  cs[1].native_on_target.reset();
  r = report::recommend(cs);
  EXPECT_EQ(r->index, 0u);
  EXPECT_EQ(r->tie_id, "report.recommend_tie_faster");
  EXPECT_EQ(tie_arg(*r, "other"), "int4_w4a8");
  EXPECT_EQ(tie_arg(*r, "seconds"), "30");
  // Size beyond 1 % still decides before nativeness.
  cs[1].native_on_target = true;
  cs[1].size_bytes = 1100;
  r = report::recommend(cs);
  EXPECT_EQ(r->index, 0u);
  EXPECT_EQ(r->tie_id, "");
}

}  // namespace
