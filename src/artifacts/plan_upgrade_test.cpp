// The upgrade of quant_plan.json's older spellings to the current ones.
#include "artifacts/plan_upgrade.h"

#include <gtest/gtest.h>

namespace {

// A plan in the spellings step 3's reader took before the plan settled.
core::Json older() {
  return core::Json::parse(R"J({
    "model": {"source": "/m", "model_type": "llama"}, "global_scheme": "fp8",
    "calib_dataset": "pileval", "calibration": {"samples": 32}, "seq_len": 256, "batch_size": "1",
    "exclude_layers_override": true, "algorithm": ["awq", "gptq"],
    "evaluation": {"intent": "full", "dataset": "wikitext"},
    "device": {"strategy": "multi_device", "multi_device": true, "env_changes": {"HIP_VISIBLE_DEVICES": "0", "N": 1}},
    "remote_code": {"accepted": true}, "quark_version": "0.13", "environment": {"python": "/v/bin/python"}
  })J");
}

TEST(PlanUpgrade, CarriesEachOlderSpellingToItsField) {
  const core::Json up = artifacts::upgrade_quant_plan(older());
  EXPECT_EQ(up["model"]["model_path"], "/m");
  EXPECT_EQ(up["calibration"]["dataset"], "pileval");
  EXPECT_EQ(up["calibration"]["num_calib_data"], 32);
  EXPECT_EQ(up["calibration"]["seq_len"], 256);
  EXPECT_FALSE(up["calibration"].contains("batch_size"));  // not a number: not carried
  EXPECT_EQ(up["exclude_source"], "user");
  EXPECT_EQ(up["algorithms"], core::Json::array({"awq", "gptq"}));
  EXPECT_EQ(up["algorithm"], "awq,gptq");
  EXPECT_EQ(up["evaluation_intent"], "full");
  EXPECT_EQ(up["evaluation_dataset"], "wikitext");
  EXPECT_EQ(up["device_strategy"], "multi_device");
  EXPECT_EQ(up["multi_device"], true);
  EXPECT_EQ(up["env_changes"], core::Json::parse(R"([{"name": "HIP_VISIBLE_DEVICES", "value": "0"}])"));  // strings only
  EXPECT_EQ(up["trust_remote_code"], true);
  EXPECT_EQ(up["quark"]["version"], "0.13");
  EXPECT_EQ(up["quark"]["python"], "/v/bin/python");

  auto p = artifacts::read_quant_plan(older());
  ASSERT_TRUE(p) << *p.error().arg("problem");
  EXPECT_EQ(p->model.model_path, "/m");
  EXPECT_EQ(p->calibration->values.num_calib_data, 32);
  EXPECT_FALSE(p->calibration->values.batch_size);
  EXPECT_EQ(p->algorithms, (std::vector<std::string>{"awq", "gptq"}));
  EXPECT_EQ(p->evaluation->intent, "full");
  EXPECT_FALSE(p->evaluation->windows);
  EXPECT_EQ(p->env_changes->size(), 1u);
}

TEST(PlanUpgrade, TheCurrentSpellingWins) {
  core::Json doc = older();
  doc["calibration"]["num_calib_data"] = 64;
  doc["exclude_source"] = "template_default";
  doc["algorithms"] = core::Json::array({"smoothquant"});
  doc["quark"] = {{"version", "0.12.post1"}};
  const core::Json up = artifacts::upgrade_quant_plan(doc);
  EXPECT_EQ(up["calibration"]["num_calib_data"], 64);
  EXPECT_EQ(up["exclude_source"], "template_default");
  EXPECT_EQ(up["algorithms"], core::Json::array({"smoothquant"}));
  EXPECT_EQ(up["quark"]["version"], "0.12.post1");
}

TEST(PlanUpgrade, OlderShapesOfCurrentFields) {
  // A comma-separated string where the list is, an evaluation that is only the intent's word.
  const core::Json up = artifacts::upgrade_quant_plan({{"algorithms", "awq, gptq"}, {"evaluation", "full"}});
  EXPECT_EQ(up["algorithms"], core::Json::array({"awq", "gptq"}));
  EXPECT_FALSE(up.contains("evaluation"));
  EXPECT_TRUE(artifacts::read_quant_plan({{"evaluation", "full"}}));
}

TEST(PlanUpgrade, DecisionsUnderTheirOlderNameAndReasonsAsWords) {
  const core::Json up = artifacts::upgrade_quant_plan(core::Json::parse(R"J({"decision_table": [
    {"key": "global_scheme", "value": "fp8", "reason": "the fastest"},
    {"key": "kv_cache_scheme", "value": "none", "reason": {"id": "plan.reason.kv_none", "text": "t"}}]})J"));
  auto p = artifacts::read_quant_plan(up);
  ASSERT_TRUE(p) << *p.error().arg("problem");
  ASSERT_EQ(p->decisions.size(), 2u);
  EXPECT_EQ(p->decisions[0].reason.id, "");
  EXPECT_EQ(p->decisions[0].reason.text, "the fastest");
  EXPECT_EQ(p->decisions[1].reason.id, "plan.reason.kv_none");
}

TEST(PlanUpgrade, ADocumentInTheCurrentSpellingComesBackUnchanged) {
  const core::Json doc = core::Json::parse(R"J({"artifact": "quant_plan", "global_scheme": "fp8", "algorithm": "awq", "algorithms": ["awq"],
    "calibration": {"dataset": "pileval", "num_calib_data": 16, "seq_len": 128, "batch_size": 1}, "exclude_source": "user",
    "quark": {"version": "0.13", "python": null}, "env_changes": [{"name": "A", "value": "1"}]})J");
  EXPECT_EQ(core::dump_pretty(artifacts::upgrade_quant_plan(doc)), core::dump_pretty(doc));
}

}  // namespace
