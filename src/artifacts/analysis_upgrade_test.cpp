// The upgrade of model_analysis.json's older spellings to the current ones.
#include "artifacts/analysis_upgrade.h"

#include <gtest/gtest.h>

namespace {

// A document in the spellings step 3's readers took before intake's artifact settled.
core::Json older() {
  return core::Json::parse(R"({
    "model": {"source": "/m", "model_type": "llama", "revision": "r", "commit": "c", "torch_dtype": "float16", "num_experts": 4},
    "tokenizer": {"files": ["tokenizer.json", 3]},
    "config": {"hidden_size": 64, "num_hidden_layers": 2, "tie_word_embeddings": "yes", "num_experts_per_tok": 2},
    "architecture": {"moe_intermediate_size": 32},
    "vocab_size": 1000
  })");
}

TEST(AnalysisUpgrade, CarriesEachOlderSpellingToItsField) {
  const core::Json up = artifacts::upgrade_model_analysis(older());
  EXPECT_EQ(up["model"]["model_path"], "/m");
  EXPECT_EQ(up["source"]["revision"], "r");
  EXPECT_EQ(up["source"]["commit"], "c");
  EXPECT_EQ(up["model"]["dtype"], "float16");
  EXPECT_EQ(up["files"]["tokenizer_files"], core::Json::array({"tokenizer.json"}));  // only the names
  EXPECT_EQ(up["architecture"]["hidden_size"], 64);
  EXPECT_EQ(up["architecture"]["num_hidden_layers"], 2);
  EXPECT_EQ(up["architecture"]["vocab_size"], 1000);
  EXPECT_FALSE(up["architecture"].contains("tie_word_embeddings"));  // not true or false: not carried
  EXPECT_EQ(up["moe"]["num_experts"], 4);
  EXPECT_EQ(up["moe"]["experts_per_token"], 2);
  EXPECT_EQ(up["moe"]["moe_intermediate_size"], 32);

  auto a = artifacts::read_model_analysis(older());
  ASSERT_TRUE(a) << *a.error().arg("problem");
  EXPECT_EQ(a->model.model_path, "/m");
  EXPECT_EQ(a->source->revision, "r");
  EXPECT_EQ(a->files.tokenizer_files, std::vector<std::string>{"tokenizer.json"});
  EXPECT_EQ(a->architecture.hidden_size, 64);
  EXPECT_EQ(a->moe.experts_per_token, 2);
}

TEST(AnalysisUpgrade, TheCurrentSpellingWins) {
  core::Json doc = older();
  doc["model"]["model_path"] = "/current";
  doc["architecture"]["hidden_size"] = 128;
  doc["model"]["dtype"] = nullptr;  // null: unknown, so an older spelling may give it
  const core::Json up = artifacts::upgrade_model_analysis(doc);
  EXPECT_EQ(up["model"]["model_path"], "/current");
  EXPECT_EQ(up["architecture"]["hidden_size"], 128);
  EXPECT_EQ(up["model"]["dtype"], "float16");
}

TEST(AnalysisUpgrade, ACurrentDocumentIsUnchanged) {
  const core::Json doc = core::Json::parse(R"({"analysis_status": "complete",
    "model": {"model_path": "/m", "model_type": "llama", "dtype": null},
    "architecture": {"hidden_size": 64, "tie_word_embeddings": null}, "moe": {"is_moe": false},
    "files": {"tokenizer_files": []}, "quantization_targets": {"linear_layer_count": 7, "exclude_defaults": []}, "risks": []})");
  EXPECT_EQ(artifacts::upgrade_model_analysis(doc), doc);
  EXPECT_EQ(artifacts::upgrade_model_analysis(core::Json::array()), core::Json::array());
}

// A key on the way that is not an object is left as it is; the strict reader then names it.
TEST(AnalysisUpgrade, APathThroughSomethingElseIsNotWritten) {
  core::Json doc = older();
  doc["architecture"] = "dense";
  const core::Json up = artifacts::upgrade_model_analysis(doc);
  EXPECT_EQ(up["architecture"], "dense");
  auto a = artifacts::read_model_analysis(doc);
  ASSERT_FALSE(a);
  EXPECT_EQ(*a.error().arg("problem"), "architecture is not an object");
}

}  // namespace
