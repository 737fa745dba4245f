#include "manifest/command_builder.h"

#include <gtest/gtest.h>

#include "core/json_io.h"
#include "core/shell_quote.h"

namespace manifest {
namespace {

core::Json analysis_for(const std::string& model) {
  return {{"analysis_status", "complete"},
          {"model", {{"model_path", model}, {"model_type", "llama"}}},
          {"quantization_targets", {{"linear_layer_count", 14}, {"exclude_defaults", {"lm_head"}}}},
          {"risks", core::Json::array()}};
}

core::Json minimal_plan() {
  return {{"model", {{"model_type", "llama"}, {"analysis_ref", "model_analysis.json"}}},
          {"global_scheme", "fp8"},
          {"exclude_layers", {"lm_head"}},
          {"layer_quant_config", core::Json::object()},
          {"requires_confirmation", false},
          {"calibration", {{"dataset", "pileval"}, {"num_calib_data", 128}, {"seq_len", 512}, {"batch_size", 1}}},
          {"evaluation_intent", "none"}};
}

BuiltCommand build(const core::Json& plan, const core::Json& analysis, const std::string& out = "/out/dir") {
  auto view = read_plan_view(plan, analysis);
  EXPECT_TRUE(view.has_value()) << (view ? "" : view.error().id + " " + (view.error().arg("field") ? *view.error().arg("field") : ""));
  auto cmd = build_command(*view, "/venv/bin/quark-cli", out);
  EXPECT_TRUE(cmd.has_value());
  return *cmd;
}

TEST(CommandBuilder, MinimalPlanGivesTheTemplateCommand) {
  auto cmd = build(minimal_plan(), analysis_for("Qwen/Qwen3-8B"));
  std::vector<std::string> golden = {"/venv/bin/quark-cli",
                                     "torch-llm-ptq",
                                     "--model_dir",
                                     "Qwen/Qwen3-8B",
                                     "--output_dir",
                                     "/out/dir",
                                     "--quant_scheme",
                                     "fp8",
                                     "--num_calib_data",
                                     "128",
                                     "--seq_len",
                                     "512",
                                     "--device",
                                     "cuda",
                                     "--no_trust_remote_code",
                                     "--skip_evaluation"};
  EXPECT_EQ(cmd.argv, golden);
  EXPECT_TRUE(cmd.env_changes.empty());
}

TEST(CommandBuilder, EveryConfirmedOptionInItsPlace) {
  core::Json plan = minimal_plan();
  plan["calibration"] = {{"dataset", "wikitext"}, {"num_calib_data", 64}, {"seq_len", 1024}, {"batch_size", 4}};
  plan["kv_cache_scheme"] = "fp8";
  plan["layer_quant_config"] = {{"*down_proj", "int8"}, {"lm_head", "fp8"}};
  plan["algorithm"] = "awq, gptq";
  plan["exclude_layers"] = {"lm_head", "*mlp.gate"};
  plan["multi_device"] = true;
  plan["evaluation_intent"] = "full";
  plan["evaluation_dataset"] = "wikitext_gpt_oss_120b";
  plan["trust_remote_code"] = true;
  plan["env_changes"] = {{{"name", "HIP_VISIBLE_DEVICES"}, {"value", "0"}}};
  auto cmd = build(plan, analysis_for("/models/llama"));
  std::vector<std::string> golden = {"/venv/bin/quark-cli",
                                     "torch-llm-ptq",
                                     "--model_dir",
                                     "/models/llama",
                                     "--output_dir",
                                     "/out/dir",
                                     "--quant_scheme",
                                     "fp8",
                                     "--num_calib_data",
                                     "64",
                                     "--seq_len",
                                     "1024",
                                     "--device",
                                     "cuda",
                                     "--dataset",
                                     "wikitext",
                                     "--batch_size",
                                     "4",
                                     "--kv_cache_dtype",
                                     "fp8",
                                     "--layer_quant_scheme",
                                     "*down_proj",
                                     "int8",
                                     "--layer_quant_scheme",
                                     "lm_head",
                                     "fp8",
                                     "--quant_algo",
                                     "awq,gptq",
                                     "--exclude_layers",
                                     "lm_head",
                                     "*mlp.gate",
                                     "--multi_device",
                                     "--evaluation_dataset",
                                     "wikitext_gpt_oss_120b"};
  EXPECT_EQ(cmd.argv, golden);
  ASSERT_EQ(cmd.env_changes.size(), 1u);
  EXPECT_EQ(cmd.env_changes[0].first, "HIP_VISIBLE_DEVICES");
}

TEST(CommandBuilder, TemplateDefaultExclusionsAreNotRepeated) {
  auto cmd = build(minimal_plan(), analysis_for("/m"));
  for (const auto& a : cmd.argv) EXPECT_NE(a, "--exclude_layers");
}

TEST(CommandBuilder, EmptyExclusionNeedsAnExplicitOverride) {
  core::Json plan = minimal_plan();
  plan["exclude_layers"] = core::Json::array();
  auto view = read_plan_view(plan, analysis_for("/m"));
  ASSERT_FALSE(view.has_value());
  EXPECT_EQ(view.error().code, core::ExitCode::plan_invalid);
  plan["exclude_layers_overridden"] = true;
  auto cmd = build(plan, analysis_for("/m"));
  EXPECT_EQ(cmd.argv.back(), "--skip_evaluation");
  EXPECT_EQ(cmd.argv[cmd.argv.size() - 2], "--exclude_layers");  // bare: nothing excluded, on purpose
}

TEST(CommandBuilder, HardPathsPassIntactAndTheDisplayRoundTrips) {
  const std::vector<std::string> dirs = {"/tmp/with space/out", "/tmp/it's \"quoted\"/out", "/tmp/new\nline/out",
                                         "/tmp/-dash/--out",    "/tmp/日本語/出力",         "/tmp/$(rm -rf ~)/out"};
  for (const auto& d : dirs) {
    auto cmd = build(minimal_plan(), analysis_for(d + "/model"), d);
    EXPECT_EQ(cmd.argv[3], d + "/model");
    EXPECT_EQ(cmd.argv[5], d);
    std::string shown = core::display_command(cmd.argv, cmd.env_changes);
    EXPECT_NE(shown.find(core::shell_quote(d)), std::string::npos);
  }
}

TEST(CommandBuilder, ValuesStartingWithADashUseTheEqualsForm) {
  core::Json plan = minimal_plan();
  plan["global_scheme"] = "-weird";
  auto cmd = build(plan, analysis_for("/m"));
  EXPECT_EQ(cmd.argv[6], "--quant_scheme=-weird");
  plan = minimal_plan();
  plan["exclude_layers"] = {"-lm_head"};
  auto view = read_plan_view(plan, analysis_for("/m"));
  ASSERT_TRUE(view.has_value());
  auto bad = build_command(*view, "/venv/bin/quark-cli", "/out");
  ASSERT_FALSE(bad.has_value());
  EXPECT_EQ(bad.error().id, "manifest.argv_value_invalid");
}

TEST(CommandBuilder, RelativeOutputDirIsRefused) {
  auto view = read_plan_view(minimal_plan(), analysis_for("/m"));
  ASSERT_TRUE(view.has_value());
  EXPECT_FALSE(build_command(*view, "/venv/bin/quark-cli", "out").has_value());
}

TEST(CommandBuilder, MissingCalibrationFallsBackToCliDefaultsButStaysExplicit) {
  core::Json plan = minimal_plan();
  plan.erase("calibration");
  plan.erase("evaluation_intent");
  auto cmd = build(plan, analysis_for("org/m"));
  // The calibration from quark-cli's defaults in knowledge/quark/<release>/datasets.json; no
  // evaluation intent is the planner's default from knowledge/plan/rules.json ("none"), so
  // quark-cli skips its own evaluation.
  std::vector<std::string> golden = {"/venv/bin/quark-cli",
                                     "torch-llm-ptq",
                                     "--model_dir",
                                     "org/m",
                                     "--output_dir",
                                     "/out/dir",
                                     "--quant_scheme",
                                     "fp8",
                                     "--num_calib_data",
                                     "512",
                                     "--seq_len",
                                     "512",
                                     "--device",
                                     "cuda",
                                     "--no_trust_remote_code",
                                     "--skip_evaluation"};
  EXPECT_EQ(cmd.argv, golden);
}

TEST(CommandBuilder, FewerSamplesThanABatchIsRefused) {
  core::Json plan = minimal_plan();
  plan["calibration"]["batch_size"] = 256;
  plan["calibration"]["num_calib_data"] = 8;
  EXPECT_FALSE(read_plan_view(plan, analysis_for("/m")).has_value());
}

}  // namespace
}  // namespace manifest
