// The shipped Quark knowledge per release: complete, consistent with itself, and with the
// facts the planner relies on (research notes quark-cli.md 2.5, 2.6, 4.1-4.3).
#include <gtest/gtest.h>

#include <set>

#include "knowledge/algorithms.h"
#include "knowledge/calib_datasets.h"
#include "knowledge/kv_cache.h"
#include "knowledge/release_data.h"
#include "knowledge/renames.h"
#include "knowledge/schemes.h"
#include "knowledge/tokenizer_fixups.h"

namespace {

TEST(Knowledge, MatchRelease) {
  EXPECT_EQ(knowledge::match_release("0.13")->release, "0.13");
  EXPECT_TRUE(knowledge::match_release("0.13.1+rocm7.1.torch2.10")->exact);
  EXPECT_EQ(knowledge::match_release("0.12.post1")->release, "0.12");
  auto newer = knowledge::match_release("0.14");
  EXPECT_EQ(newer->release, "0.13");
  EXPECT_FALSE(newer->exact);
  EXPECT_EQ(knowledge::match_release("0.9")->release, "0.11");
  auto bad = knowledge::match_release("latest");
  ASSERT_FALSE(bad.has_value());
  EXPECT_EQ(bad.error().id, "knowledge.bad_version");
}

TEST(Knowledge, EveryReleaseLoads) {
  for (const auto& r : knowledge::shipped_releases()) {
    SCOPED_TRACE(r);
    auto s = knowledge::SchemeCatalog::load(r);
    ASSERT_TRUE(s.has_value());
    EXPECT_GE(s->all().size(), 10u);
    for (const auto& sc : s->all()) {
      EXPECT_GT(sc.bytes_per_weight, 0.0) << sc.name;
      EXPECT_GT(sc.weight.bits, 0) << sc.name;
      EXPECT_FALSE(sc.family.empty()) << sc.name;
    }
    ASSERT_TRUE(knowledge::AlgorithmCatalog::load(r).has_value());
    ASSERT_TRUE(knowledge::DatasetCatalog::load(r).has_value());
    ASSERT_TRUE(knowledge::KvCacheFacts::load(r).has_value());
    ASSERT_TRUE(knowledge::CliRenames::load(r).has_value());
  }
}

TEST(Knowledge, SchemeCountsPerRelease) {
  EXPECT_EQ(knowledge::SchemeCatalog::load("0.13")->all().size(), 28u);
  EXPECT_EQ(knowledge::SchemeCatalog::load("0.12")->all().size(), 27u);
  EXPECT_EQ(knowledge::SchemeCatalog::load("0.12")->find("mx9"), nullptr);
  EXPECT_NE(knowledge::SchemeCatalog::load("0.13")->find("mx9"), nullptr);
}

// Parsed once per release and kept (tokenizer_fixups.cpp): each load is the file's content;
// 0.11 was not read for it, and a release that is not shipped has no file either.
TEST(Knowledge, TokenizerFixupsPerRelease) {
  for (int round = 0; round < 2; ++round) {
    auto f13 = knowledge::TokenizerFixups::load("0.13");
    ASSERT_TRUE(f13.has_value());
    EXPECT_EQ(f13->forced_pad_for("qwen2"), 151643);
    EXPECT_EQ(f13->forced_pad_for("llama"), std::nullopt);
    EXPECT_TRUE(knowledge::TokenizerFixups::load("0.12").has_value());
    auto f11 = knowledge::TokenizerFixups::load("0.11");
    ASSERT_FALSE(f11.has_value());
    EXPECT_EQ(f11.error().id, "knowledge.missing_file");
    auto none = knowledge::TokenizerFixups::load("9.9");
    ASSERT_FALSE(none.has_value());
    EXPECT_EQ(none.error().id, "knowledge.missing_file");
  }
}

TEST(Knowledge, NativeHardware) {
  auto s = *knowledge::SchemeCatalog::load("0.13");
  EXPECT_TRUE(s.find("fp8")->native("gfx942"));
  EXPECT_TRUE(s.find("ptpc_fp8")->native("gfx942"));
  EXPECT_FALSE(s.find("mxfp4")->native("gfx942"));
  EXPECT_TRUE(s.find("mxfp4")->native("gfx950"));
  EXPECT_TRUE(s.find("mxfp4_fp8")->native("gfx950"));
  EXPECT_TRUE(s.find("mxfp6_e2m3")->native("gfx950"));
  EXPECT_TRUE(s.find("fp8")->native("sm_90"));
  EXPECT_FALSE(s.find("nvfp4")->native("sm_90"));
  EXPECT_TRUE(s.find("nvfp4")->native("sm_100"));
  EXPECT_TRUE(s.find("int8")->native("cpu"));
  EXPECT_TRUE(s.find("mx6")->native_on.empty());
  EXPECT_TRUE(s.find("int4_wo_128")->weight_only());
  EXPECT_EQ(s.find("int4_wo_128")->weight.group_size, 128);
  EXPECT_EQ(s.find("fp4_block16_scale_e4m3")->alias_of, "nvfp4");
  EXPECT_LT(s.find("int4_wo_128")->bytes_per_weight, s.find("int4_wo_32")->bytes_per_weight);
}

TEST(Knowledge, AlgorithmConfigs) {
  auto a = *knowledge::AlgorithmCatalog::load("0.13");
  EXPECT_TRUE(a.find("awq")->has_config_for("llama"));
  EXPECT_FALSE(a.find("awq")->has_config_for("qwen3"));  // dense qwen3 has no built-in awq
  EXPECT_FALSE(a.find("awq")->has_config_for("qwen3_moe"));
  EXPECT_TRUE(a.find("autosmoothquant")->has_config_for("qwen3_moe"));
  EXPECT_EQ(a.find("rotation")->model_types_with_config, (std::vector<std::string>{"llama"}));
  EXPECT_EQ(a.find("quarot"), nullptr);
  EXPECT_EQ(a.renamed().at("quarot"), "rotation");
  EXPECT_EQ(knowledge::AlgorithmCatalog::load("0.12")->find("autoround"), nullptr);
}

TEST(Knowledge, KvCacheOnlyFp8IsEffective) {
  auto kv = *knowledge::KvCacheFacts::load("0.13");
  EXPECT_TRUE(kv.is_effective("fp8"));
  EXPECT_TRUE(kv.is_cli_choice("int8_per_token"));
  EXPECT_FALSE(kv.is_effective("int8_per_token"));
}

TEST(Knowledge, DatasetsAndDefaults) {
  auto d = *knowledge::DatasetCatalog::load("0.13");
  EXPECT_EQ(d.defaults().dataset, "pileval");
  EXPECT_EQ(d.defaults().num_calib_data, 512);
  EXPECT_EQ(d.defaults().seq_len, 512);
  EXPECT_EQ(d.defaults().batch_size, 1);
  EXPECT_FALSE(d.find("ScienceQA")->loadable);
  EXPECT_TRUE(d.find("pileval")->loadable);
  EXPECT_EQ(d.names().size(), 7u);
  EXPECT_EQ(knowledge::DatasetCatalog::load("0.11")->evaluation().size(), 1u);
}

TEST(Knowledge, RenamesAndFlags) {
  auto r = *knowledge::CliRenames::load("0.13");
  EXPECT_EQ(r.renamed_scheme("w_fp8_a_fp8"), (std::vector<std::string>{"fp8"}));
  EXPECT_TRUE(r.renamed_scheme("fp8").empty());
  EXPECT_TRUE(r.has_flag("--template_file"));
  EXPECT_FALSE(knowledge::CliRenames::load("0.12")->has_flag("--template_file"));
  EXPECT_FALSE(knowledge::CliRenames::load("0.11")->has_flag("--evaluation_dataset"));
}

}  // namespace
