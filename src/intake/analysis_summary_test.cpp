#include "intake/analysis_summary.h"

#include <gtest/gtest.h>

namespace {

intake::AnalysisSummary summary_of(const char* text) {
  auto a = artifacts::ModelAnalysis::from_json(core::Json::parse(text));
  EXPECT_TRUE(a.has_value());
  return intake::summarize_analysis(a ? *a : artifacts::ModelAnalysis{});
}

TEST(AnalysisSummary, FieldsAsTheTablePrintsThem) {
  auto s = summary_of(R"({
    "analysis_status": "complete",
    "model": {"model_path": "/m/tiny", "model_type": "llama", "loading_class": null, "dtype": "bfloat16",
              "remote_code": {"required": true}},
    "architecture": {"num_hidden_layers": 2, "hidden_size": 64, "num_attention_heads": 4, "vocab_size": 128},
    "moe": {"is_moe": true, "num_experts": 8, "experts_per_token": 2, "shared_experts": 0, "moe_layers": "1-2",
            "dense_layers": "0", "expert_tensors": "fused"},
    "multimodal": {"towers": [{"kind": "vision", "config_key": "vision_config", "hidden_size": 32, "num_layers": 1}]},
    "quantization_targets": {"linear_layer_count": 14, "method": "safetensors_headers", "quantized_layer_count": 12,
                             "exclude_defaults": ["lm_head", "*.gate"], "parameters": {"total": 1000}},
    "quark_templates": [{"quark_version": "0.11", "has_template": true}, {"quark_version": "0.10"}],
    "inventory": {"tensor_count": 30, "shards": 1, "declared_bytes": 2147483648}
  })");
  EXPECT_EQ(s.analysis_status, "complete");
  EXPECT_EQ(s.model_path, "/m/tiny");
  EXPECT_EQ(s.loading_class, "?");    // null
  EXPECT_EQ(s.key_value_heads, "?");  // not recorded
  EXPECT_EQ(s.hidden_layers, "2");
  ASSERT_TRUE(s.moe);
  EXPECT_EQ(s.moe->experts, "8");
  EXPECT_EQ(s.moe->moe_layers, "1-2");
  EXPECT_EQ(s.moe->expert_tensors, "fused");
  ASSERT_EQ(s.towers.size(), 1u);
  EXPECT_EQ(s.towers[0].config_key, "vision_config");
  EXPECT_EQ(s.exclusions, (std::vector<std::string>{"lm_head", "*.gate"}));
  ASSERT_EQ(s.templates.size(), 2u);
  EXPECT_TRUE(s.templates[0].has_template);
  EXPECT_FALSE(s.templates[1].has_template);
  ASSERT_TRUE(s.checkpoint);
  EXPECT_EQ(s.checkpoint->declared_bytes, 2147483648);
  EXPECT_EQ(s.checkpoint->parameters, "1000");
  EXPECT_FALSE(s.pre_quantized);
  EXPECT_TRUE(s.remote_code_required);
}

TEST(AnalysisSummary, OnlyTheUncountedPrequantizedTensorsAreNamed) {
  auto s = summary_of(R"({
    "moe": {"is_moe": false, "num_experts": 8},
    "pre_quantized": {"present": true, "uncounted_tensors": 24, "tensors": [
      {"name": "model.layers.{}.mlp.experts.gate_up_proj_blocks", "tensors": 24, "module_counted": false},
      {"name": "model.layers.{}.self_attn.q_proj.weight_scale", "tensors": 2, "module_counted": true}]}
  })");
  EXPECT_FALSE(s.moe);  // only is_moe true is MoE
  ASSERT_TRUE(s.pre_quantized);
  EXPECT_EQ(s.pre_quantized->tensors, 26u);
  EXPECT_EQ(s.pre_quantized->uncounted_tensors, "24");
  ASSERT_EQ(s.pre_quantized->uncounted_names.size(), 1u);
  EXPECT_EQ(s.pre_quantized->uncounted_names[0].rfind("model.layers.*.mlp.experts.gate_up_proj_blocks", 0), 0u)
      << s.pre_quantized->uncounted_names[0];
  EXPECT_TRUE(s.exclusions.empty());
  EXPECT_TRUE(s.towers.empty());
  EXPECT_FALSE(s.checkpoint);
  EXPECT_FALSE(s.remote_code_required);
}

}  // namespace
