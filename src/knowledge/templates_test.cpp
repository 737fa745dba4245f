#include <gtest/gtest.h>

#include "knowledge/model_families.h"
#include "knowledge/release_data.h"
#include "knowledge/templates.h"
#include "core/version_order.h"

namespace {

TEST(Templates, ShippedReleasesAreOrdered) {
  auto v = knowledge::shipped_releases();
  ASSERT_EQ(v.size(), 3u);
  EXPECT_EQ(v[0], "0.11");
  EXPECT_EQ(v[2], "0.13");
}

TEST(Templates, Counts) {
  auto s13 = knowledge::template_set("0.13");
  ASSERT_TRUE(s13);
  EXPECT_EQ((*s13)->templates.size(), 51u);
  EXPECT_TRUE((*s13)->verified);
  auto s12 = knowledge::template_set("0.12");
  ASSERT_TRUE(s12);
  EXPECT_EQ((*s12)->templates.size(), 41u);
  auto s11 = knowledge::template_set("0.11");
  ASSERT_TRUE(s11);
  EXPECT_FALSE((*s11)->verified);
  EXPECT_FALSE(knowledge::template_set("0.9"));
}

TEST(Templates, DefaultExclusions) {
  auto ds = knowledge::find_template("0.13", "deepseek_v3");
  ASSERT_TRUE(ds);
  EXPECT_EQ(ds->exclude_layers_name, (std::vector<std::string>{"lm_head", "*self_attn*", "*mlp.gate"}));
  EXPECT_EQ(ds->kv_layers_name, (std::vector<std::string>{"*kv_b_proj"}));
  auto ds12 = knowledge::find_template("0.12", "deepseek_v3");
  ASSERT_TRUE(ds12);
  EXPECT_EQ(ds12->exclude_layers_name.back(), "*mlp.gate.linear");
  auto phi3 = knowledge::find_template("0.13", "phi3");
  ASSERT_TRUE(phi3);
  EXPECT_EQ(phi3->q_layer_name, (std::vector<std::string>{"*qkv_proj"}));
  EXPECT_EQ(phi3->gate_up_layers_name, (std::vector<std::string>{"gate_proj", "up_proj"}));
  EXPECT_FALSE(knowledge::find_template("0.13", "gpt2"));
  EXPECT_FALSE(knowledge::find_template("0.12", "qwen3_5"));
  EXPECT_TRUE(knowledge::find_template("0.13", "qwen3_5"));
}

TEST(ModelFamilies, Rules) {
  auto f = knowledge::model_families();
  ASSERT_TRUE(f);
  const auto& m = **f;
  EXPECT_TRUE(m.transformers_implements("llama"));
  EXPECT_TRUE(m.transformers_implements("deepseek_v3"));
  EXPECT_FALSE(m.transformers_implements("chatglm"));
  EXPECT_TRUE(m.is_conv1d_family("gpt2"));
  EXPECT_FALSE(m.tie_default("llama"));
  EXPECT_TRUE(m.tie_default("gemma2"));
  EXPECT_TRUE(m.tie_default("some_unknown_type"));
  EXPECT_EQ(m.loading_class_for("llama4", "Llama4ForConditionalGeneration"), "Llama4ForConditionalGeneration");
  EXPECT_EQ(m.loading_class_for("llama", "LlamaForCausalLM"), "AutoModelForCausalLM (LlamaForCausalLM)");
  EXPECT_EQ(m.role_of("model.layers.0.self_attn.q_proj"), "attention");
  EXPECT_EQ(m.role_of("model.layers.0.mlp.gate_proj"), "mlp");
  EXPECT_EQ(m.role_of("model.layers.3.mlp.gate"), "router");
  EXPECT_EQ(m.role_of("model.layers.3.mlp.experts.7.down_proj"), "experts");
  EXPECT_EQ(m.role_of("model.layers.3.mlp.shared_experts.down_proj"), "shared_experts");
  EXPECT_EQ(m.role_of("model.layers.3.mlp.shared_expert_gate"), "router");
  EXPECT_EQ(m.role_of("lm_head"), "lm_head");
  EXPECT_EQ(m.role_of("model.embed_tokens"), "embeddings");
  EXPECT_EQ(m.role_of("transformer.wte"), "embeddings");
  EXPECT_EQ(m.role_of("visual.blocks.0.attn.qkv"), "vision");
  EXPECT_EQ(m.role_of("language_model.model.layers.0.feed_forward.router"), "router");
  EXPECT_EQ(m.role_of("something.else"), "other");
}

TEST(VersionOrder, Compares) {
  EXPECT_TRUE(core::version_less("0.9", "0.13"));
  EXPECT_TRUE(core::version_less("4.51.0", "5.2.0"));
  EXPECT_TRUE(core::version_less("5.0.0.dev0", "5.0.0"));  // a pre-release before its release
  EXPECT_TRUE(core::version_less("5.0.0.dev0", "5.3"));
  EXPECT_EQ(core::compare_versions("4.57", "4.57.0"), 0);
  EXPECT_EQ(core::compare_versions("0.12.post1", "0.12"), 0);
  EXPECT_TRUE(core::version_less("5.16.1", "5.17"));
  EXPECT_TRUE(core::version_less("garbage", "0.1"));
}

}  // namespace
