// The name rules derived from recorded oracle answers (tests/zoo/oracle, real runs of the pinned
// libraries): every saved Linear name of every zoo model maps to the name Quark gives it, and
// the routers that are not nn.Linear are the non-Linear holders.
#include "oracle/checkpoint_names.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "core/fs.h"
#include "support/temp_dir.h"

namespace oracle {
namespace {

ModelOracle fixture(const std::string& model_type) {
  auto text = core::read_file(test_support::source_path("tests/zoo/oracle/" + model_type + ".json"));
  if (!text) throw std::runtime_error("no fixture " + model_type);
  auto answer = parse_oracle_model(*text, model_type);
  if (!answer) throw std::runtime_error(answer.error().detail);
  return std::get<ModelOracle>(*answer);
}

TEST(CheckpointNames, MixtralRenamesTheBlockThenUnfusesTheExperts) {
  CheckpointNames n = checkpoint_names(fixture("mixtral"));
  std::vector<NameRule> expected{{".block_sparse_moe.", ".mlp."},
                                 {R"(^model\.layers\.([0-9]+)\.mlp\.experts\.([0-9]+)\.w1$)", "model.layers.$1.mlp.experts.$2.gate_proj"},
                                 {R"(^model\.layers\.([0-9]+)\.mlp\.experts\.([0-9]+)\.w3$)", "model.layers.$1.mlp.experts.$2.up_proj"},
                                 {R"(^model\.layers\.([0-9]+)\.mlp\.experts\.([0-9]+)\.w2$)", "model.layers.$1.mlp.experts.$2.down_proj"}};
  EXPECT_EQ(n.renames, expected);
  EXPECT_EQ(n.non_linear_holders, (std::vector<std::string>{"model.embed_tokens", "model.layers.*.mlp.gate"}));
  EXPECT_NE(std::find(n.linear_modules.begin(), n.linear_modules.end(), "model.layers.*.mlp.experts.*.gate_proj"), n.linear_modules.end());
  // Any depth, any expert; the router's saved name follows the module renaming.
  EXPECT_EQ(apply_name_rules(n.renames, "model.layers.31.block_sparse_moe.experts.7.w2"), "model.layers.31.mlp.experts.7.down_proj");
  EXPECT_EQ(apply_name_rules(n.renames, "model.layers.31.block_sparse_moe.gate"), "model.layers.31.mlp.gate");
  EXPECT_EQ(apply_name_rules(n.renames, "model.layers.3.self_attn.q_proj"), "model.layers.3.self_attn.q_proj");
}

TEST(CheckpointNames, FusedProjectionsAndDenseModelsNeedNoRule) {
  for (const char* t : {"phi3", "llama", "falcon", "opt"}) {
    CheckpointNames n = checkpoint_names(fixture(t));
    EXPECT_TRUE(n.renames.empty()) << t;
    for (const auto& h : n.non_linear_holders) EXPECT_NE(h.find("emb"), std::string::npos) << t << ": " << h;  // embeddings only
  }
}

TEST(CheckpointNames, RoutersAndEmbeddingsThatAreNotLinearAreHolders) {
  EXPECT_EQ(checkpoint_names(fixture("deepseek_v2")).non_linear_holders,
            (std::vector<std::string>{"model.embed_tokens", "model.layers.*.mlp.gate"}));
  auto granite = checkpoint_names(fixture("granitemoehybrid"));
  EXPECT_NE(std::find(granite.non_linear_holders.begin(), granite.non_linear_holders.end(), "model.layers.*.block_sparse_moe.router"),
            granite.non_linear_holders.end());
  // Its router is saved as router.layer.weight and loaded as router.weight (a renaming that
  // names the parameter on both sides): the module follows it.
  EXPECT_EQ(apply_name_rules(granite.renames, "model.layers.3.block_sparse_moe.router.layer"), "model.layers.3.block_sparse_moe.router");
  // Vision position tables are embeddings too (mllama, qwen3_vl_moe): not layers to quantize.
  auto vl = checkpoint_names(fixture("qwen3_vl_moe"));
  EXPECT_NE(std::find(vl.non_linear_holders.begin(), vl.non_linear_holders.end(), "model.visual.pos_embed"), vl.non_linear_holders.end());
}

TEST(CheckpointNames, EverySavedLinearOfTheZooMapsToQuarksName) {
  int models = 0;
  int mapped = 0;
  for (const auto& entry : std::filesystem::directory_iterator(test_support::source_path("tests/zoo/oracle"))) {
    auto text = core::read_file(entry.path());
    ASSERT_TRUE(text.has_value()) << entry.path();
    auto answer = parse_oracle_model(*text, entry.path().string());
    ASSERT_TRUE(answer.has_value()) << entry.path();
    const auto* o = std::get_if<ModelOracle>(&*answer);
    if (o == nullptr) continue;
    ++models;
    CheckpointNames n = checkpoint_names(*o);
    for (const auto& l : o->linear_modules) {
      if (!l.checkpoint) continue;
      EXPECT_EQ(apply_name_rules(n.renames, *l.checkpoint), l.name) << o->model_type;
      ++mapped;
    }
  }
  EXPECT_GE(models, 30);
  EXPECT_GT(mapped, 1000);
}

}  // namespace
}  // namespace oracle
