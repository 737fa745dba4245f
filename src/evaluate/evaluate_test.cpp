#include <gtest/gtest.h>

#include <cmath>

#include "evaluate/evaluation.h"
#include "evaluate/statistics.h"

namespace {

using evaluate::Status;

core::Json model(std::vector<double> nll, std::vector<std::vector<int>> gens, const char* degenerate = nullptr) {
  core::Json canary = core::Json::array();
  int i = 0;
  for (const auto& g : gens) {
    core::Json c = {{"prompt", "p" + std::to_string(i++)}, {"tokens", g}, {"text", "some text"}};
    c["degenerate"] = degenerate ? core::Json(degenerate) : core::Json(nullptr);
    canary.push_back(c);
  }
  return {{"loaded", true}, {"path", "/m"}, {"window_nll", nll}, {"canary", canary}};
}

evaluate::Settings settings(double threshold = 5.0) {
  evaluate::Settings s;
  s.intent = "smoke";
  s.windows = 4;
  s.seq_len = 256;
  s.canary_tokens = 4;
  s.max_ppl_increase_pct = threshold;
  s.budget_seconds = 900;
  s.z = 1.96;
  return s;
}

TEST(PairedDelta, IdenticalModelsHaveZeroDeltaAndZeroSE) {
  auto d = evaluate::paired_delta({3.0, 3.1, 2.9}, {3.0, 3.1, 2.9});
  EXPECT_EQ(d.n, 3);
  EXPECT_NEAR(d.delta_pct, 0.0, 1e-12);
  ASSERT_TRUE(d.se_pct);
  EXPECT_NEAR(*d.se_pct, 0.0, 1e-12);
  EXPECT_NEAR(d.source_ppl, std::exp(3.0), 1e-9);
}

TEST(PairedDelta, ConstantShiftIsItsExponential) {
  auto d = evaluate::paired_delta({3.0, 2.0, 4.0, 3.5}, {3.05, 2.05, 4.05, 3.55});
  EXPECT_NEAR(d.delta_pct, (std::exp(0.05) - 1) * 100, 1e-9);
  EXPECT_NEAR(*d.se_pct, 0.0, 1e-9);  // paired: the windows' own spread cancels
}

TEST(PairedDelta, StandardErrorOfThePairedDifferences) {
  // d = {0.00, 0.02, 0.04, 0.06}: mean 0.03, sd = sqrt(0.002/3)
  auto d = evaluate::paired_delta({1, 1, 1, 1}, {1.00, 1.02, 1.04, 1.06});
  double sd = std::sqrt((0.03 * 0.03 * 2 + 0.01 * 0.01 * 2) / 3);
  EXPECT_NEAR(*d.se_pct, std::exp(0.03) * sd / 2 * 100, 1e-9);
}

TEST(PairedDelta, PairsOnlyTheWindowsBothMeasured) {
  auto d = evaluate::paired_delta({1, 2, 3, 4}, {1, 2});
  EXPECT_EQ(d.n, 2);
  EXPECT_EQ(evaluate::paired_delta({}, {1}).n, 0);
  EXPECT_FALSE(evaluate::paired_delta({1}, {1}).se_pct);  // one window: no SE
}

TEST(JudgeDelta, PassFailIndeterminate) {
  evaluate::PairedDelta d;
  d.n = 10;
  d.delta_pct = 2.0;
  d.se_pct = 0.5;
  EXPECT_EQ(evaluate::judge_delta(d, 5.0, 1.96), evaluate::Judgement::pass);
  d.delta_pct = 8.0;
  EXPECT_EQ(evaluate::judge_delta(d, 5.0, 1.96), evaluate::Judgement::fail);
  d.delta_pct = 4.8;  // interval straddles the threshold
  EXPECT_EQ(evaluate::judge_delta(d, 5.0, 1.96), evaluate::Judgement::indeterminate);
  d.delta_pct = 0.0;
  d.se_pct = 3.0;  // z*SE wider than the threshold: cannot tell, even at delta 0
  EXPECT_EQ(evaluate::judge_delta(d, 5.0, 1.96), evaluate::Judgement::indeterminate);
  d.delta_pct = 159.3;  // interval wider than the threshold but wholly above it (H200 mxfp4)
  d.se_pct = 4.1;
  EXPECT_EQ(evaluate::judge_delta(d, 5.0, 1.96), evaluate::Judgement::fail);
  d.se_pct.reset();
  EXPECT_EQ(evaluate::judge_delta(d, 5.0, 1.96), evaluate::Judgement::indeterminate);
}

TEST(Judge, SmallDeltaAndMatchingCanaryPasses) {
  core::Json m = {{"seconds", 12.5},
                  {"source", model({3.0, 3.2, 2.8, 3.1}, {{1, 2, 3, 4}, {5, 6, 7, 8}})},
                  {"quantized", model({3.01, 3.22, 2.80, 3.12}, {{1, 2, 3, 9}, {5, 6, 7, 8}})}};
  auto r = evaluate::judge(m, settings());
  EXPECT_EQ(r.verdict, Status::pass) << r.reason.text();
  EXPECT_EQ(r.canary.status, Status::pass);
  EXPECT_DOUBLE_EQ(r.canary.agreement, (0.75 + 1.0) / 2);
  EXPECT_EQ(r.canary.prompts[0].first_divergence, 3);
  EXPECT_EQ(r.canary.prompts[1].first_divergence, -1);
  EXPECT_EQ(r.perplexity.windows, 4);
  auto j = r.record().to_json();
  EXPECT_EQ(j["verdict"], "pass");
  EXPECT_EQ(j["perplexity"]["status"], "pass");
  EXPECT_EQ(j["canary"]["prompts"].size(), 2U);
}

TEST(Judge, AnExportLoadedByAnotherReleaseIsNamedAsSuch) {
  core::Json m = {{"seconds", 12.5},
                  {"versions", {{"torch", "2.11.0"}, {"transformers", "5.16.1"}, {"amd_quark", "0.13"}}},
                  {"source", model({3.0, 3.2, 2.8, 3.1}, {{1, 2, 3, 4}})},
                  {"quantized", model({9.0, 9.2, 8.8, 9.1}, {{1, 2, 3, 4}})}};
  auto r = evaluate::judge(m, settings());
  EXPECT_EQ(r.loader_quark, "0.13");
  EXPECT_FALSE(r.cross_release_load()) << "the export's release is not known yet";
  r.export_quark = "0.12.post1";
  EXPECT_TRUE(r.cross_release_load());
  auto j = r.record().to_json();
  EXPECT_EQ(j["quark_releases"]["export"], "0.12.post1");
  EXPECT_EQ(j["quark_releases"]["loader"], "0.13");
  EXPECT_EQ(j["quark_releases"]["cross_release_load"], true);
  r.export_quark = "0.13";
  EXPECT_FALSE(r.cross_release_load());
  r.loader_quark = "0.13.1";
  EXPECT_FALSE(r.cross_release_load()) << "a patch release loads with the same loader";
}

TEST(Judge, DegenerateQuantizedTextFailsEvenWithGoodPerplexity) {
  core::Json m = {{"source", model({3, 3, 3, 3.1}, {{1, 2, 3, 4}})},
                  {"quantized", model({3, 3, 3, 3.1}, {{7, 7, 7, 7}}, "one token repeated")}};
  auto r = evaluate::judge(m, settings());
  EXPECT_EQ(r.canary.status, Status::fail);
  EXPECT_EQ(r.verdict, Status::fail);
  EXPECT_NE(r.reason.text().find("degenerate"), std::string::npos);
}

TEST(Judge, LargePerplexityRiseFails) {
  core::Json m = {{"source", model({3.0, 3.1, 2.9, 3.0}, {{1}})}, {"quantized", model({3.5, 3.6, 3.4, 3.52}, {{1}})}};
  auto r = evaluate::judge(m, settings());
  EXPECT_EQ(r.perplexity.status, Status::fail);
  EXPECT_EQ(r.verdict, Status::fail);
}

TEST(Judge, NoisyDeltaIsIndeterminate) {
  core::Json m = {{"source", model({3.0, 3.0, 3.0, 3.0}, {{1}})}, {"quantized", model({2.9, 3.2, 2.95, 3.15}, {{1}})}};
  auto r = evaluate::judge(m, settings(2.0));
  EXPECT_EQ(r.perplexity.status, Status::indeterminate);
  EXPECT_EQ(r.verdict, Status::indeterminate);
}

TEST(Judge, AModelThatDidNotLoadIsNotRunNeverPass) {
  core::Json q = {{"loaded", false}, {"error", "ImportError: no quark"}};
  core::Json m = {{"source", model({3, 3}, {{1}})}, {"quantized", q}};
  auto r = evaluate::judge(m, settings());
  EXPECT_EQ(r.verdict, Status::not_run);
  EXPECT_EQ(r.canary.status, Status::not_run);
  EXPECT_EQ(r.perplexity.status, Status::not_run);
  EXPECT_NE(r.reason.text().find("ImportError"), std::string::npos);
  EXPECT_EQ(r.record().to_json()["verdict"], "not-run");
}

TEST(Judge, NoWindowsIsNotRun) {
  core::Json m = {{"source", model({}, {{1}})}, {"quantized", model({}, {{1}})}};
  auto r = evaluate::judge(m, settings());
  EXPECT_EQ(r.perplexity.status, Status::not_run);
  EXPECT_EQ(r.verdict, Status::not_run);
}

TEST(Judge, NotRunResultCarriesItsReason) {
  auto r = evaluate::not_run(settings(), {"evaluate.reason.deadline", {{"seconds", "900"}}});
  EXPECT_EQ(r.verdict, Status::not_run);
  core::Json j = r.record().to_json();
  EXPECT_EQ(j["canary"]["reason"], "the evaluator ran past its 900 s deadline and was stopped");
  EXPECT_EQ(j["reason_id"], "evaluate.reason.deadline");
  EXPECT_EQ(j["perplexity"]["reason_args"], (core::Json{{"seconds", "900"}}));
}

// The reason is recorded in English with its id and arguments, so a reader
// shows it in Japanese; the English text is the one recorded before.
TEST(Judge, FailReasonHasAnIdAndReadsInBothLanguages) {
  core::Json m = {{"source", model({2.0, 2.0, 2.0, 2.0}, {{1}})}, {"quantized", model({2.5, 2.52, 2.48, 2.5}, {{1}})}};
  auto r = evaluate::judge(m, settings());
  ASSERT_EQ(r.verdict, Status::fail);
  EXPECT_EQ(r.reason.id, "evaluate.reason.ppl_rose");
  core::Json j = r.record().to_json();
  EXPECT_EQ(j["reason"], r.reason.text());
  EXPECT_EQ(j["reason_id"], "evaluate.reason.ppl_rose");
  EXPECT_NE(r.reason.text().find("perplexity rose"), std::string::npos);
  EXPECT_NE(r.reason.text(core::Lang::ja).find("パープレキシティが"), std::string::npos);
}

}  // namespace
