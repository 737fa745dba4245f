// The one reader of quant_plan.json / model_analysis.json, on documents shaped like the
// plan and intake branches write them.
#include "manifest/plan_view.h"

#include <gtest/gtest.h>

namespace manifest {
namespace {

core::Json intake_analysis() {
  return core::Json::parse(R"({
    "artifact": "model_analysis", "schema_version": 1, "analysis_status": "complete",
    "source": {"kind": "hub", "input": "org/m", "repo_id": "org/m", "revision": "main", "commit": "0123"},
    "model": {"model_path": "org/m", "model_type": "qwen3_moe", "dtype": "bfloat16"},
    "architecture": {"num_hidden_layers": 2, "hidden_size": 64, "num_attention_heads": 4, "num_key_value_heads": 2,
                     "head_dim": 16, "intermediate_size": 128, "vocab_size": 1000, "tie_word_embeddings": false},
    "moe": {"is_moe": true, "num_experts": 8},
    "files": {"tokenizer_files": ["tokenizer.json", "tokenizer_config.json"]},
    "inventory": {"source": "safetensors_headers", "tensor_count": 10,
      "by_dtype": {"BF16": {"tensors": 9, "parameters": 500000, "bytes": 1000000}, "F32": {"tensors": 1, "parameters": 10, "bytes": 40}},
      "groups": [
        {"name": "model.layers.*.self_attn.q_proj", "count": 2, "role": "attention", "kind": "linear", "dtype": "BF16", "shape": [64, 64], "linear_modules": 2, "quantized": true},
        {"name": "model.layers.*.mlp.experts", "count": 2, "role": "experts", "kind": "fused_experts", "dtype": "BF16", "shape": [8, 256, 64], "linear_modules": 48, "quantized": true},
        {"name": "lm_head", "count": 1, "role": "lm_head", "kind": "linear", "dtype": "BF16", "shape": [1000, 64], "linear_modules": 1, "quantized": false}
      ]},
    "quantization_targets": {"linear_layer_count": 51, "exclude_defaults": ["lm_head", "*.gate"]},
    "risks": []})");
}

core::Json plan_branch_plan() {
  return core::Json::parse(R"({
    "artifact": "quant_plan", "schema_version": 1,
    "model": {"model_type": "qwen3_moe", "analysis_ref": "model_analysis.json", "model_path": "org/m"},
    "quark": {"version": "0.13", "source": "installed", "verified": true, "python": "/v/bin/python"},
    "global_scheme": "int4_wo_128", "kv_cache_scheme": "fp8",
    "exclude_layers": ["lm_head"], "exclude_source": "user",
    "layer_quant_config": {"*down_proj": "int8"},
    "algorithm": "awq", "algorithms": ["awq"],
    "calibration": {"dataset": "wikitext", "num_calib_data": 128, "seq_len": 1024, "batch_size": 2},
    "evaluation_intent": "smoke", "device_strategy": "multi_device", "trust_remote_code": false,
    "requires_confirmation": false})");
}

TEST(PlanView, ReadsThePlanBranchFields) {
  auto v = read_plan_view(plan_branch_plan(), intake_analysis());
  ASSERT_TRUE(v.has_value()) << v.error().id;
  EXPECT_EQ(v->model, "org/m");
  EXPECT_FALSE(v->model_is_local);
  EXPECT_EQ(v->revision, "main");
  EXPECT_EQ(v->global_scheme, "int4_wo_128");
  EXPECT_EQ(v->kv_cache_scheme, "fp8");
  EXPECT_TRUE(v->exclude_layers_overridden);  // exclude_source: user
  EXPECT_EQ(v->algorithms, std::vector<std::string>{"awq"});
  EXPECT_EQ(v->calibration.dataset, "wikitext");
  EXPECT_EQ(v->calibration.batch_size, 2);
  EXPECT_EQ(v->evaluation_intent, "smoke");
  EXPECT_TRUE(v->multi_device);
  EXPECT_FALSE(v->trust_remote_code);
  EXPECT_EQ(v->quark_version, "0.13");
  EXPECT_EQ(v->python, "/v/bin/python");
  EXPECT_EQ(v->tokenizer_files.size(), 2u);
}

TEST(PlanView, OnlyAnEvaluationWithWindowsIsQuarkPtqs) {
  core::Json plan = plan_branch_plan();
  plan["evaluation"] = {{"text", "held_out.txt"}};  // settings for `quark-ptq evaluate --plan` only
  auto settings = read_plan_view(plan, intake_analysis());
  ASSERT_TRUE(settings.has_value());
  EXPECT_FALSE(settings->evaluated_by_quark_ptq);
  EXPECT_FALSE(settings->evaluation);
  plan["evaluation"]["windows"] = 8;
  auto own = read_plan_view(plan, intake_analysis());
  ASSERT_TRUE(own.has_value());
  EXPECT_TRUE(own->evaluated_by_quark_ptq);
  EXPECT_EQ(own->evaluation->windows, 8);
}

TEST(PlanView, TemplateDefaultExclusionsAreNotAnOverride) {
  core::Json plan = plan_branch_plan();
  plan["exclude_source"] = "template_default";
  plan["exclude_layers"] = {"lm_head", "*.gate"};
  auto v = read_plan_view(plan, intake_analysis());
  ASSERT_TRUE(v.has_value());
  EXPECT_FALSE(v->exclude_layers_overridden);
}

TEST(PlanView, InventoryGivesExactSizes) {
  auto v = read_plan_view(plan_branch_plan(), intake_analysis());
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ(v->size.total_parameters, 500010);
  EXPECT_EQ(v->size.weight_bytes, 1000040);
  EXPECT_EQ(v->size.quantizable_parameters, 2 * 64 * 64 + 2 * 8 * 256 * 64);
  EXPECT_EQ(v->size.expert_parameters, 2 * 8 * 256 * 64);
  EXPECT_EQ(v->size.num_experts, 8);
  EXPECT_EQ(v->size.hidden_size, 64);
  EXPECT_EQ(v->size.dtype, "bfloat16");
  EXPECT_EQ(v->size.source, "model_analysis inventory");
}

// Found by plan_fuzz and analysis_fuzz on the H200 (session 12): a group's shape whose
// product does not fit int64 overflowed (undefined behaviour; UBSan stopped it). Such an
// inventory gives no total; it never gives a wrapped one.
TEST(PlanView, AnInventoryThatOverflowsGivesNoTotal) {
  core::Json a = intake_analysis();
  a["inventory"]["groups"][1]["shape"] = core::Json::array({8192, INT64_MIN});
  a["inventory"]["by_dtype"]["F32"]["parameters"] = INT64_MAX;
  auto v = read_plan_view(plan_branch_plan(), a);
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ(v->size.quantizable_parameters, 0);  // none recorded at the top level either
  EXPECT_EQ(v->size.expert_parameters, 0);
  EXPECT_EQ(v->size.total_parameters, 0);
  EXPECT_EQ(v->size.weight_bytes, 1000040);  // the bytes still add up
}

TEST(PlanView, MissingSchemeIsPlanInvalid) {
  core::Json plan = plan_branch_plan();
  plan.erase("global_scheme");
  auto v = read_plan_view(plan, intake_analysis());
  ASSERT_FALSE(v.has_value());
  EXPECT_EQ(v.error().code, core::ExitCode::plan_invalid);
  EXPECT_EQ(*v.error().arg("field"), "global_scheme");
}

}  // namespace
}  // namespace manifest
