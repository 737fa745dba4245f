#include "plan/exclusion_patterns.h"

#include <gtest/gtest.h>

namespace {

std::vector<plan::Module> modules(std::initializer_list<std::pair<const char*, const char*>> names) {
  std::vector<plan::Module> out;
  for (const auto& [n, r] : names) out.push_back({n, r});
  return out;
}

// Qwen2.5-VL as the checkpoint names it: the tower is "visual.*", which "*vision*" misses.
const auto kQwenVl = modules({{"visual.blocks.0.attn.qkv", "vision"},
                              {"visual.blocks.0.mlp.up_proj", "vision"},
                              {"visual.blocks.1.attn.qkv", "vision"},
                              {"visual.merger.mlp.0", "vision"},
                              {"model.layers.0.self_attn.q_proj", "attention"},
                              {"model.layers.0.mlp.up_proj", "mlp"},
                              {"lm_head", "lm_head"}});

TEST(ExclusionPatterns, CoversATowerByItsSubtree) {
  EXPECT_EQ(plan::covering_patterns(
                {"visual.blocks.0.attn.qkv", "visual.blocks.0.mlp.up_proj", "visual.blocks.1.attn.qkv", "visual.merger.mlp.0"}, kQwenVl),
            (std::vector<std::string>{"visual.*"}));
  EXPECT_TRUE(plan::covering_patterns({}, kQwenVl).empty());
}

TEST(ExclusionPatterns, NeverCoversTheLanguageModel) {
  // The newer transformers layout: both towers under "model."; "model.*" would exclude all.
  auto m = modules({{"model.visual.blocks.0.attn.qkv", "vision"},
                    {"model.visual.blocks.1.attn.qkv", "vision"},
                    {"model.language_model.layers.0.self_attn.q_proj", "attention"},
                    {"model.vision_proj", "projector"},
                    {"lm_head", "lm_head"}});
  auto p = plan::covering_patterns({"model.visual.blocks.0.attn.qkv", "model.visual.blocks.1.attn.qkv", "model.vision_proj"}, m);
  EXPECT_EQ(p, (std::vector<std::string>{"model.vision_proj", "model.visual.blocks.*"}));
  for (const auto& pattern : p) {
    EXPECT_FALSE(plan::pattern_matches(pattern, "model.language_model.layers.0.self_attn.q_proj")) << pattern;
  }
}

TEST(ExclusionPatterns, ATopLevelModuleIsNamedExactly) {
  auto m = modules({{"vision_proj", "projector"}, {"layers.0.q_proj", "attention"}});
  EXPECT_EQ(plan::covering_patterns({"vision_proj"}, m), (std::vector<std::string>{"vision_proj"}));
}

TEST(ExclusionPatterns, LivePatternsDropWhatMatchesNothing) {
  EXPECT_EQ(plan::live_patterns({"*vision*", "lm_head", "visual.*", "lm_head"}, kQwenVl),
            (std::vector<std::string>{"lm_head", "visual.*"}));
}

TEST(ExclusionPatterns, RouterLeavesOnlyWhenTheyMatchRoutersOnly) {
  auto moe =
      modules({{"model.layers.0.mlp.gate", "router"}, {"model.layers.1.mlp.gate", "router"}, {"model.layers.0.mlp.gate_proj", "mlp"}});
  EXPECT_EQ(plan::router_patterns({"model.layers.0.mlp.gate", "model.layers.1.mlp.gate"}, moe), (std::vector<std::string>{"*.gate"}));
  // "*.gate" would also take a non-router here: the routers are named instead.
  auto odd = modules({{"model.layers.0.mlp.gate", "router"}, {"model.layers.0.attn.gate", "attention"}});
  EXPECT_EQ(plan::router_patterns({"model.layers.0.mlp.gate"}, odd), (std::vector<std::string>{"model.layers.0.mlp.gate"}));
}

}  // namespace
