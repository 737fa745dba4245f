#include "artifacts/evaluator.h"

#include <filesystem>

#include <gtest/gtest.h>

#include "artifacts/recorded_sections_test_util.h"

namespace {

TEST(Evaluator, ReadsTheSectionAndNamesADamagedField) {
  const core::Json section = {{"python", "/usr/bin/python3"}, {"source", "/models/smol"},     {"output", "/out/fp8"}, {"text", nullptr},
                              {"settings", {{"windows", 8}}}, {"bound", core::Json::object()}};
  auto e = artifacts::Evaluator::from_json(section);
  ASSERT_TRUE(e) << e.error().id;
  EXPECT_EQ(e->python, "/usr/bin/python3");
  EXPECT_EQ(e->output, "/out/fp8");
  EXPECT_EQ(e->text, "");  // null: the plan gave none
  EXPECT_EQ(e->settings.windows, 8);
  ASSERT_TRUE(e->bound);
  EXPECT_FALSE(e->bound->python_identity);
  core::Json bad = section;
  bad["source"] = 3;
  auto refused = artifacts::Evaluator::from_json(bad);
  ASSERT_FALSE(refused);
  EXPECT_EQ(*refused.error().arg("problem"), "evaluator/source is not a string");
}

// Every evaluator section the fixtures keep reads and encodes back to the same bytes (the
// command digest covers the section).
TEST(Evaluator, EveryRecordedFixtureReadsAndEncodesBack) {
  int same = 0;
  for (const auto& [file, section] : artifacts_test::recorded_sections("evaluator")) {
    auto e = artifacts::Evaluator::from_json(section);
    ASSERT_TRUE(e) << file << ": " << *e.error().arg("problem");
    EXPECT_EQ(core::dump_pretty(e->to_json()), core::dump_pretty(section)) << file;
    ++same;
  }
  EXPECT_GT(same, 8);
}

TEST(Evaluator, TheBindingEncodesBackAndADamagedOneIsNamed) {
  artifacts::Evaluator e;
  e.python = "python3";
  e.text = "/data/heldout.jsonl";
  e.settings = artifacts::PlanEvaluation{"smoke", 8, 256, 16, 900.0, 5.0, 1.96, std::nullopt};
  e.bound = artifacts::EvaluatorBound{"ab", artifacts::PythonIdentity{"python3", "/usr/bin/python3.12", "cd"}};
  const core::Json j = e.to_json();
  EXPECT_EQ(core::dump_compact(j),
            R"({"python":"python3","source":"","output":"","text":"/data/heldout.jsonl","settings":{"intent":"smoke","windows":8,)"
            R"("seq_len":256,"canary_tokens":16,"budget_seconds":900,"max_ppl_increase_pct":5.0,"z":1.96},"bound":{"text_sha256":"ab",)"
            R"("python_identity":{"path":"python3","realpath":"/usr/bin/python3.12","sha256":"cd"}}})");
  auto back = artifacts::Evaluator::from_json(j);
  ASSERT_TRUE(back);
  EXPECT_EQ(back->bound, e.bound);
  core::Json bad = j;
  bad["bound"]["python_identity"]["sha256"] = 7;
  auto refused = artifacts::Evaluator::from_json(bad);
  ASSERT_FALSE(refused);
  EXPECT_EQ(*refused.error().arg("problem"), "evaluator/bound/python_identity/sha256 is not a string");
}

}  // namespace
