// checkpoints.json's typed document: what the writer encodes reads back equal, the file as an
// earlier release wrote it (no quark_ptq_version, no via) still reads, and each damaged field
// is one error naming it.
#include "artifacts/checkpoints.h"

#include <gtest/gtest.h>

namespace artifacts {
namespace {

Confirmation sample(Checkpoint cp, std::string decision) {
  Confirmation c;
  c.checkpoint = cp;
  c.reason = "why";
  c.digest = "sha256:" + std::string(64, 'a');
  c.confirmed_at = "2026-12-07T12:00:00Z";
  c.user_words = "はい";
  c.decision = std::move(decision);
  return c;
}

TEST(Checkpoints, WhatIsWrittenReadsBackEqual) {
  Checkpoints doc;
  Confirmation first = sample(Checkpoint::analysis, "confirmed");
  first.corrections = {{"model.model_type", "mistral", "llama"}, {"quantization_targets.exclude_defaults", nullptr, {"lm_head"}}};
  first.tool_version = "0.22";
  Confirmation last = sample(Checkpoint::result, "followup");
  last.followup = "try fewer samples";
  last.via = "mcp-elicitation";
  doc.confirmations = {first, sample(Checkpoint::execution, "approved"), last};
  const core::Json encoded = doc.to_json();
  EXPECT_EQ(encoded["artifact"], "checkpoints");
  EXPECT_EQ(encoded["confirmations"][0]["name"], "analysis");
  EXPECT_FALSE(encoded["confirmations"][1].contains("via"));  // said only when it says something
  auto decoded = Checkpoints::from_json(encoded);
  ASSERT_TRUE(decoded) << decoded.error().id;
  ASSERT_EQ(decoded->confirmations.size(), 3u);
  EXPECT_EQ(decoded->to_json(), encoded);
  EXPECT_EQ(decoded->confirmations[0].corrections, first.corrections);
  EXPECT_EQ(encoded["confirmations"][0]["corrections"]["model.model_type"]["to"], "llama");
  EXPECT_EQ(decoded->confirmations[2].followup, "try fewer samples");
  EXPECT_EQ(decoded->confirmations[2].via, "mcp-elicitation");
}

TEST(Checkpoints, AnOlderEntryReadsAndADamagedOneIsNamed) {
  core::Json older = core::Json::parse(R"({"artifact": "checkpoints", "schema_version": 1, "confirmations": [
    {"checkpoint": 2, "name": "plan", "reason": "r", "decision": "confirmed", "digest": "sha256:00", "confirmed_at": "t",
     "user_words": "yes"}]})");
  auto read = Checkpoints::from_json(older);
  ASSERT_TRUE(read);
  EXPECT_EQ(read->confirmations[0].checkpoint, Checkpoint::plan);
  EXPECT_TRUE(read->confirmations[0].via.empty());
  EXPECT_TRUE(read->confirmations[0].tool_version.empty());

  auto problem = [&](core::Json doc) {
    auto r = Checkpoints::from_json(doc);
    EXPECT_FALSE(r);
    return r ? std::string() : *r.error().arg("problem");
  };
  core::Json bad = older;
  bad["confirmations"][0]["digest"] = 7;
  EXPECT_EQ(problem(bad), "confirmations/0/digest is not a string");
  bad = older;
  bad["confirmations"][0]["checkpoint"] = 5;
  EXPECT_EQ(problem(bad), "confirmations/0/checkpoint is not a checkpoint (1 to 4)");
  bad = older;
  bad["confirmations"][0].erase("digest");
  EXPECT_EQ(problem(bad), "confirmations/0/digest is missing");
  bad = older;
  bad["confirmations"][0]["via"] = false;
  EXPECT_EQ(problem(bad), "confirmations/0/via is not a string");
  bad = older;
  bad["confirmations"].push_back("yes");
  EXPECT_EQ(problem(bad), "confirmations/1 is not an object");
  EXPECT_EQ(problem(core::Json::object()), "there is no \"confirmations\" list");
  EXPECT_EQ(problem(core::Json{{"confirmations", "all"}}), "confirmations is not a list");
}

}  // namespace
}  // namespace artifacts
