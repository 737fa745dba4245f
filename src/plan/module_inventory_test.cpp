#include "plan/module_inventory.h"

#include <gtest/gtest.h>

namespace {

TEST(ModuleInventory, FnmatchLikePython) {
  // '*' crosses dots (Python fnmatch has no path semantics).
  EXPECT_TRUE(plan::pattern_matches("*.gate", "model.layers.0.mlp.gate"));
  EXPECT_FALSE(plan::pattern_matches("*.gate", "model.layers.0.mlp.gate_proj"));
  EXPECT_TRUE(plan::pattern_matches("lm_head", "lm_head"));
  EXPECT_FALSE(plan::pattern_matches("lm_head", "model.lm_head"));
  EXPECT_TRUE(plan::pattern_matches("*vision_tower*", "model.vision_tower.encoder.layers.0.fc1"));
  EXPECT_TRUE(plan::pattern_matches("model.layers.?.self_attn.*", "model.layers.3.self_attn.q_proj"));
  EXPECT_FALSE(plan::pattern_matches("model.layers.?.self_attn.*", "model.layers.13.self_attn.q_proj"));
  EXPECT_TRUE(plan::pattern_matches("*layers.[01].mlp*", "model.layers.1.mlp.up_proj"));
  EXPECT_FALSE(plan::pattern_matches("*layers.[!01].mlp*", "model.layers.1.mlp.up_proj"));
}

TEST(ModuleInventory, ReadsNamesAndRoles) {
  artifacts::ModelAnalysis a;
  a.quantization_targets.modules = {
      {"model.layers.0.mlp.gate", "router"}, {"lm_head", std::nullopt}, {"model.layers.0.self_attn.q_proj", std::nullopt}};
  auto inv = plan::inventory_from_analysis(a);
  ASSERT_EQ(inv.size(), 3u);
  EXPECT_EQ(inv[0].role, "router");
  EXPECT_EQ(inv[1].role, "lm_head");    // inferred
  EXPECT_EQ(inv[2].role, "attention");  // inferred
  EXPECT_TRUE(plan::inventory_from_analysis(artifacts::ModelAnalysis{}).empty());
}

TEST(ModuleInventory, InferRole) {
  EXPECT_EQ(plan::infer_role("model.layers.3.block_sparse_moe.gate"), "router");
  EXPECT_EQ(plan::infer_role("model.layers.3.mlp.experts.7.down_proj"), "expert");
  EXPECT_EQ(plan::infer_role("model.visual.blocks.0.attn.qkv"), "vision");
  EXPECT_EQ(plan::infer_role("model.layers.0.mlp.down_proj"), "mlp");
  EXPECT_EQ(plan::infer_role("something_else"), "other");
}

TEST(ModuleInventory, CompactNames) {
  auto c = plan::compact_names({"model.layers.0.mlp.up_proj", "model.layers.1.mlp.up_proj", "lm_head"});
  ASSERT_EQ(c.size(), 2u);
  EXPECT_EQ(c[0], "model.layers.*.mlp.up_proj (x2)");
  EXPECT_EQ(c[1], "lm_head");
}

}  // namespace
