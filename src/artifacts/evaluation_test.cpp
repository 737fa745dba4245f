#include "artifacts/evaluation.h"

#include <filesystem>

#include <gtest/gtest.h>

#include "artifacts/recorded_sections_test_util.h"

namespace {

// Every evaluation section the fixtures keep (at the top and in `history`) reads and encodes
// back to the same bytes.
TEST(EvaluationSection, EveryRecordedFixtureReadsAndEncodesBack) {
  int same = 0;
  for (const auto& [file, section] : artifacts_test::recorded_sections("evaluation")) {
    auto evaluation = artifacts::read_evaluation(section);
    ASSERT_TRUE(evaluation) << file << ": " << *evaluation.error().arg("problem");
    EXPECT_EQ(core::dump_pretty(evaluation->to_json()), core::dump_pretty(section)) << file;
    ++same;
  }
  EXPECT_GT(same, 8);
}

artifacts::Evaluation in_progress() {
  artifacts::Evaluation e;
  e.reason = {"evaluate.reason.in_progress", {}, "The evaluation is in progress."};
  e.intent = "smoke";
  artifacts::Canary c;
  c.reason = e.reason;
  c.token_agreement = 0.0;
  c.new_tokens = 16;
  e.canary = c;
  artifacts::Perplexity p;
  p.reason = e.reason;
  p.windows_planned = 8;
  p.seq_len = 512;
  p.delta_pct = 0.0;
  p.se_pct = 0.0;
  p.threshold_pct = 5.0;
  p.z = 1.96;
  e.perplexity = p;
  e.process_seconds = 0.0;
  e.budget_seconds = 600.0;
  e.process = artifacts::EvaluatorProcess{4242, 987654, std::nullopt};
  return e;
}

TEST(EvaluationSection, AnEvaluationInProgressKeepsItsProcess) {
  const core::Json j = in_progress().to_json();
  EXPECT_EQ(core::dump_compact(j),
            R"({"verdict":"not-run","reason":"The evaluation is in progress.","intent":"smoke","canary":{"status":"not-run",)"
            R"("reason":"The evaluation is in progress.","token_agreement":0.0,"new_tokens":16,"prompts":[],)"
            R"("reason_id":"evaluate.reason.in_progress","reason_args":{}},"perplexity":{"status":"not-run",)"
            R"("reason":"The evaluation is in progress.","windows":0,"windows_planned":8,"seq_len":512,"source":0.0,"quantized":0.0,)"
            R"("delta_pct":0.0,"se_pct":0.0,"threshold_pct":5.0,"z":1.96,"reason_id":"evaluate.reason.in_progress","reason_args":{}},)"
            R"("seconds":0.0,"process_seconds":0.0,"budget_seconds":600.0,"environment":{},"models":{},)"
            R"("reason_id":"evaluate.reason.in_progress","reason_args":{},"process":{"pid":4242,"start_ticks":987654,"boot_id":null}})");
  auto back = artifacts::read_evaluation(j);
  ASSERT_TRUE(back);
  EXPECT_EQ(core::dump_compact(back->to_json()), core::dump_compact(j));
  ASSERT_TRUE(back->process);
  EXPECT_EQ(back->process->pid, 4242);
  EXPECT_FALSE(back->perplexity->measured());
}

TEST(EvaluationSection, AFailedCanaryKeepsItsReasonAndDegenerateGenerations) {
  artifacts::Evaluation e = in_progress();
  e.process.reset();
  e.verdict = "fail";
  e.reason = {"evaluate.reason.canary_degenerate", {{"prompt", "The capital"}, {"why", "repeats"}}, "The canary repeats."};
  e.canary->status = "fail";
  e.canary->reason = e.reason;
  e.canary->prompts = {{"The capital", " Paris", " the the the", 0.25, 1, "repeats", std::nullopt}};
  e.log = "evaluate/evaluate-1.log";
  e.quark_releases = artifacts::QuarkReleases{"0.10", "0.11", true};
  auto back = artifacts::read_evaluation(e.to_json());
  ASSERT_TRUE(back);
  EXPECT_EQ(core::dump_compact(back->to_json()), core::dump_compact(e.to_json()));
  EXPECT_EQ(back->reason.args[1].value, "repeats");
  EXPECT_EQ(*back->canary->prompts[0].degenerate, "repeats");
  EXPECT_FALSE(back->canary->prompts[0].source_degenerate);
  EXPECT_EQ(*back->quark_releases->exported, "0.10");
  EXPECT_TRUE(back->quark_releases->cross_release_load);
}

TEST(EvaluationSection, AFieldOfTheWrongTypeIsNamedByItsPath) {
  auto bad = artifacts::read_evaluation(core::Json::parse(R"({"verdict": "pass", "canary": {"prompts": [{"agreement": "high"}]}})"));
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().id, "artifacts.field_invalid");
  EXPECT_NE(bad.error().arg("problem")->find("evaluation/canary/prompts/0/agreement"), std::string::npos) << *bad.error().arg("problem");
  auto args = artifacts::manifest_evaluation(core::Json::parse(R"({"evaluation": {"reason_args": {"windows": 3}}})"));
  ASSERT_FALSE(args);
  EXPECT_NE(args.error().arg("problem")->find("evaluation/reason_args/windows"), std::string::npos);
  EXPECT_FALSE(artifacts::manifest_evaluation(core::Json::parse(R"({"evaluation": [1]})")));
}

}  // namespace
