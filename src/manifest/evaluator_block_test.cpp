// What prepare records for step 4's evaluation, and what keeps it from running.
#include "manifest/evaluator_block.h"

#include <gtest/gtest.h>

#include "core/sha256.h"

#include "support/temp_dir.h"

namespace manifest {
namespace {

PlanView evaluating_plan(const std::string& model, bool local, const std::string& text) {
  PlanView p;
  p.model = model;
  p.model_is_local = local;
  p.evaluated_by_quark_ptq = true;
  p.evaluation = artifacts::PlanEvaluation{"smoke", 8, 256, 16, 900.0, 5.0, 1.96, text};
  return p;
}

bool has_blocking(const EvaluatorBlock& b, const std::string& code) {
  for (const auto& p : b.problems) {
    if (p.code == code && p.blocking) return true;
  }
  return false;
}

TEST(EvaluatorBlock, RecordsWhatRunsAndNothingWithoutAnEvaluation) {
  test_support::TempDir d;
  d.write("heldout.jsonl", "{\"text\": \"prose\"}\n");
  std::string text = (d.path() / "heldout.jsonl").string();
  auto b = evaluator_block(evaluating_plan("/models/m", true, text), "/venv/bin/python", "/out");
  EXPECT_EQ(b.block["python"], "/venv/bin/python");
  EXPECT_EQ(b.block["source"], "/models/m");
  EXPECT_EQ(b.block["text"], text);
  EXPECT_FALSE(b.block["settings"].contains("text"));
  // The text is bound by its content (the interpreter here does not exist: not bound, and a
  // blocking problem says so).
  EXPECT_EQ(b.block["bound"]["text_sha256"], core::sha256_hex("{\"text\": \"prose\"}\n"));
  EXPECT_TRUE(b.block["bound"]["python_identity"].is_null());
  EXPECT_TRUE(has_blocking(b, "evaluation_python_missing"));
  auto real = evaluator_block(evaluating_plan("/models/m", true, text), "python3", "/out");
  EXPECT_TRUE(real.problems.empty());
  EXPECT_EQ(real.block["bound"]["python_identity"]["path"], "python3");
  d.write("empty.txt", "");
  EXPECT_TRUE(has_blocking(evaluator_block(evaluating_plan("/models/m", true, (d.path() / "empty.txt").string()), "python3", "/out"),
                           "evaluation_text_empty"));
  PlanView none;
  EXPECT_TRUE(evaluator_block(none, "/venv/bin/python", "/out").block.is_null());
}

TEST(EvaluatorBlock, WhatCouldOnlyEndNotRunBlocksBeforeTheRun) {
  test_support::TempDir d;
  d.write("heldout.jsonl", "{\"text\": \"prose\"}\n");
  std::string text = (d.path() / "heldout.jsonl").string();
  EXPECT_TRUE(has_blocking(evaluator_block(evaluating_plan("org/model", false, text), "/py", "/out"), "evaluation_source_hub"));
  EXPECT_TRUE(has_blocking(evaluator_block(evaluating_plan("/models/m", true, (d.path() / "gone").string()), "/py", "/out"),
                           "evaluation_text_missing"));
  EXPECT_TRUE(has_blocking(evaluator_block(evaluating_plan("/models/m", true, ""), "/py", "/out"), "evaluation_text_missing"));
  EXPECT_TRUE(has_blocking(evaluator_block(evaluating_plan("/models/m", true, text), "", "/out"), "evaluation_python_missing"));
}

}  // namespace
}  // namespace manifest
