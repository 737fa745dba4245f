// The plan's one reader against the artifact as the planner writes it and as older plans
// spelled it: typed values, unset where the plan is silent, a named field when a type is wrong.
#include "plan/plan_file.h"

#include <gtest/gtest.h>

#include "support/temp_dir.h"

namespace plan {
namespace {

TEST(PlanFile, ReadsTheWrittenFields) {
  auto doc = core::read_json_file(test_support::source_path("tests/fixtures/verify/quant_plan_fp8.json"));
  ASSERT_TRUE(doc.has_value());
  (*doc)["calibration"] = {{"dataset", "pileval"}, {"num_calib_data", 16}, {"seq_len", 64}, {"batch_size", 1}};
  (*doc)["layer_quant_config"] = {{"*.down_proj", "w_int8"}, {"*.gate_proj", "fp8"}};
  (*doc)["exclude_source"] = "user";
  (*doc)["algorithm"] = "awq, gptq";
  auto f = read_plan_file(*doc);
  ASSERT_TRUE(f.has_value()) << f.error().id;
  EXPECT_EQ(f->model_type, "llama");
  EXPECT_EQ(f->global_scheme, "fp8");
  EXPECT_FALSE(f->kv_cache_scheme.has_value());  // null
  EXPECT_EQ(f->exclude_layers, std::vector<std::string>{"lm_head"});
  EXPECT_EQ(f->exclude_layers_overridden, true);
  EXPECT_EQ(f->algorithms, (std::vector<std::string>{"awq", "gptq"}));
  ASSERT_EQ(f->layer_quant_config.size(), 2u);
  EXPECT_EQ(f->layer_quant_config[0], (std::pair<std::string, std::string>{"*.down_proj", "w_int8"}));  // plan order
  EXPECT_EQ(f->num_calib_data, 16);
  EXPECT_EQ(f->seq_len, 64);
  EXPECT_EQ(f->evaluation_intent, "none");
  EXPECT_FALSE(f->device_strategy.has_value());
  EXPECT_FALSE(f->trust_remote_code.has_value());
}

TEST(PlanFile, OlderSpellingsAndSilence) {
  core::Json doc = {{"global_scheme", ""},
                    {"num_calib_data", 32},
                    {"exclude_layers_override", false},
                    {"env_changes", {{"HIP_VISIBLE_DEVICES", "0"}}},
                    {"algorithms", {"smoothquant"}}};
  auto f = read_plan_file(doc);
  ASSERT_TRUE(f.has_value());
  EXPECT_FALSE(f->global_scheme.has_value());  // empty reads as unset
  EXPECT_EQ(f->num_calib_data, 32);
  EXPECT_FALSE(f->seq_len.has_value());
  EXPECT_EQ(f->exclude_layers_overridden, false);
  EXPECT_EQ(f->algorithms, std::vector<std::string>{"smoothquant"});
  ASSERT_EQ(f->env_changes.size(), 1u);
  EXPECT_EQ(f->env_changes[0].first, "HIP_VISIBLE_DEVICES");
}

TEST(PlanFile, WrongTypesNameTheField) {
  auto lqc = read_plan_file({{"layer_quant_config", {{"*.q_proj", 8}}}});
  ASSERT_FALSE(lqc.has_value());
  EXPECT_EQ(lqc.error().code, core::ExitCode::plan_invalid);
  EXPECT_EQ(lqc.error().args.front().value, "layer_quant_config.*.q_proj");
  auto algo = read_plan_file({{"algorithm", 3}});
  ASSERT_FALSE(algo.has_value());
  EXPECT_EQ(algo.error().args.front().value, "algorithm");
}

}  // namespace
}  // namespace plan
