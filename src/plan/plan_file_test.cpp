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
  EXPECT_EQ(lqc.error().id, "artifacts.field_invalid");
  EXPECT_EQ(*lqc.error().arg("problem"), "layer_quant_config/*.q_proj is not a string");
  auto algo = read_plan_file({{"algorithm", 3}});
  ASSERT_FALSE(algo.has_value());
  EXPECT_EQ(*algo.error().arg("problem"), "algorithm is not a string");
  auto listed = read_plan_file({{"algorithm", {"awq", 3}}});
  ASSERT_FALSE(listed.has_value());
  EXPECT_EQ(*listed.error().arg("problem"), "algorithms/1 is not a string");
}

TEST(PlanFile, CheckpointNamesAsPlanWritesThem) {
  core::Json doc = {{"checkpoint_names",
                     {{"source", "oracle"},
                      {"renames", {{{"match", "^(.*)\\.w1$"}, {"replace", "$1.gate_proj"}}}},
                      {"non_linear_holders", {"model.layers.*.mlp.gate"}},
                      {"linear_modules", {"model.layers.*.self_attn.q_proj"}}}}};
  auto f = read_plan_file(doc);
  ASSERT_TRUE(f.has_value()) << f.error().id;
  ASSERT_TRUE(f->checkpoint_names.has_value());
  ASSERT_EQ(f->checkpoint_names->renames.size(), 1u);
  EXPECT_EQ(f->checkpoint_names->renames[0], (std::pair<std::string, std::string>{"^(.*)\\.w1$", "$1.gate_proj"}));
  EXPECT_EQ(f->checkpoint_names->non_linear_holders, std::vector<std::string>{"model.layers.*.mlp.gate"});
  EXPECT_EQ(f->checkpoint_names->linear_modules, std::vector<std::string>{"model.layers.*.self_attn.q_proj"});
  // Lists the plan left out are empty, not an error; regexes are not compiled here (verify does).
  auto sparse = read_plan_file({{"checkpoint_names", {{"renames", {{{"match", "(unclosed"}, {"replace", "x"}}}}}}});
  ASSERT_TRUE(sparse.has_value()) << sparse.error().id;
  EXPECT_TRUE(sparse->checkpoint_names->non_linear_holders.empty());
  EXPECT_EQ(sparse->checkpoint_names->renames.front().first, "(unclosed");
}

TEST(PlanFile, NoCheckpointNamesIsUnset) {
  auto absent = read_plan_file({{"global_scheme", "fp8"}});
  ASSERT_TRUE(absent.has_value());
  EXPECT_FALSE(absent->checkpoint_names.has_value());  // verify falls back to the shipped table
  auto null = read_plan_file({{"checkpoint_names", nullptr}});
  ASSERT_TRUE(null.has_value());
  EXPECT_FALSE(null->checkpoint_names.has_value());
}

TEST(PlanFile, CheckpointNamesOfTheWrongTypeNameTheField) {
  auto problem = [](const core::Json& names) {
    auto f = read_plan_file({{"checkpoint_names", names}});
    EXPECT_FALSE(f.has_value());
    if (f.has_value()) return std::string();
    EXPECT_EQ(f.error().code, core::ExitCode::plan_invalid);
    EXPECT_EQ(f.error().id, "artifacts.field_invalid");
    return *f.error().arg("problem");
  };
  EXPECT_EQ(problem("oracle"), "checkpoint_names is not an object");
  EXPECT_EQ(problem({{"renames", "^a$"}}), "checkpoint_names/renames is not a list");
  EXPECT_EQ(problem({{"renames", {{{"match", "^a$"}}}}}), "checkpoint_names/renames/0/replace is not a string");  // no replace
  EXPECT_EQ(problem({{"renames", {{{"match", 1}, {"replace", "b"}}}}}), "checkpoint_names/renames/0/match is not a string");
  EXPECT_EQ(problem({{"non_linear_holders", "*.gate"}}), "checkpoint_names/non_linear_holders is not a list");
  EXPECT_EQ(problem({{"linear_modules", {"*.q_proj", 3}}}), "checkpoint_names/linear_modules/1 is not a string");
}

TEST(PlanFile, EvaluationSectionIsKeptWithoutWindows) {
  // `quark-ptq evaluate --plan` takes its settings from any section; only one with windows
  // means quark-ptq evaluates instead of quark-cli.
  auto settings = read_plan_file({{"evaluation", {{"text", "held_out.txt"}}}});
  ASSERT_TRUE(settings.has_value());
  EXPECT_FALSE(settings->evaluated_by_quark_ptq);
  ASSERT_TRUE(settings->evaluation);
  EXPECT_EQ(settings->evaluation->text, "held_out.txt");
  EXPECT_FALSE(settings->evaluation->windows);
  auto own = read_plan_file({{"evaluation", {{"windows", 8}}}});
  ASSERT_TRUE(own.has_value());
  EXPECT_TRUE(own->evaluated_by_quark_ptq);
  auto none = read_plan_file({{"evaluation", "full"}});
  ASSERT_TRUE(none.has_value());
  EXPECT_FALSE(none->evaluation);
}

}  // namespace
}  // namespace plan
