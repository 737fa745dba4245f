// The fixture corpus: real published config.json files (tests/fixtures/models/<name>/) with
// the facts we expect, and for several of them a tensors.json from which header-only shards
// are generated. Every expected fact is asserted.
#include <gtest/gtest.h>

#include <fstream>

#include "intake/analysis.h"
#include "intake/config_facts.h"
#include "intake/inventory.h"
#include "support/safetensors_writer.h"
#include "support/temp_dir.h"

namespace {

namespace fs = std::filesystem;

core::Json load(const fs::path& p) {
  std::ifstream f(p);
  std::stringstream ss;
  ss << f.rdbuf();
  auto j = core::parse_json(ss.str(), p.string());
  EXPECT_TRUE(j) << p;
  return j ? *j : core::Json();
}

std::vector<fs::path> fixtures() {
  std::vector<fs::path> out;
  for (const auto& e : fs::directory_iterator(test_support::source_path("tests/fixtures/models"))) {
    if (fs::exists(e.path() / "expected.json")) out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

// expected key -> JSON pointer into the analysis.
const std::vector<std::pair<const char*, const char*>> kFactPaths = {
    {"model_type", "/model/model_type"},
    {"text_model_type", "/model/text_model_type"},
    {"architectures", "/model/architectures"},
    {"loading_class", "/model/loading_class"},
    {"transformers_version", "/model/transformers_version"},
    {"dtype", "/model/dtype"},
    {"num_layers", "/architecture/num_hidden_layers"},
    {"hidden_size", "/architecture/hidden_size"},
    {"num_heads", "/architecture/num_attention_heads"},
    {"num_kv_heads", "/architecture/num_key_value_heads"},
    {"kv_heads_source", "/architecture/num_key_value_heads_source"},
    {"head_dim", "/architecture/head_dim"},
    {"head_dim_source", "/architecture/head_dim_source"},
    {"intermediate_size", "/architecture/intermediate_size"},
    {"vocab_size", "/architecture/vocab_size"},
    {"context_length", "/architecture/max_position_embeddings"},
    {"tie_word_embeddings", "/architecture/tie_word_embeddings"},
    {"tie_source", "/architecture/tie_word_embeddings_source"},
    {"attention", "/architecture/attention"},
    {"mtp_layers", "/architecture/mtp_layers"},
    {"is_moe", "/moe/is_moe"},
    {"num_experts", "/moe/num_experts"},
    {"experts_per_token", "/moe/experts_per_token"},
    {"shared_experts", "/moe/shared_experts"},
    {"moe_intermediate_size", "/moe/moe_intermediate_size"},
    {"moe_layers", "/moe/moe_layers"},
    {"dense_layers", "/moe/dense_layers"},
    {"remote_code_required", "/model/remote_code/required"},
    {"exclude_defaults", "/quantization_targets/exclude_defaults"},
    {"missing", "/missing_facts"},
    {"status", "/analysis_status"},
};

class Fixture : public ::testing::TestWithParam<fs::path> {};

TEST_P(Fixture, FactsMatch) {
  const fs::path dir = GetParam();
  core::Json expected = load(dir / "expected.json");
  test_support::TempDir tmp;
  fs::copy_file(dir / "config.json", tmp.path() / "config.json");
  tmp.write("tokenizer.json", "{}");
  bool with_shards = fs::exists(dir / "tensors.json");
  if (with_shards) {
    core::Json spec = load(dir / "tensors.json");
    nlohmann::json plain = nlohmann::json::parse(spec.dump());
    test_support::write_checkpoint(tmp.path(), test_support::expand_spec(plain), plain.value("shards", 1));
  }
  intake::LocalModelFiles files(tmp.path());
  intake::SourceInfo src;
  src.kind = "local";
  src.input = tmp.path().string();
  src.model_path = tmp.path().string();
  auto a = intake::analyze_files(files, src);
  ASSERT_TRUE(a) << a.error().id << " " << a.error().detail;
  const core::Json& j = *a;

  for (const auto& [key, pointer] : kFactPaths) {
    if (!expected.contains(key)) continue;
    auto ptr = nlohmann::ordered_json::json_pointer(pointer);
    ASSERT_TRUE(j.contains(ptr)) << dir.filename() << ": no " << pointer;
    EXPECT_EQ(j.at(ptr), expected[key]) << dir.filename() << ": " << key;
  }
  if (expected.contains("auto_map")) {
    EXPECT_EQ(!j["model"]["remote_code"]["auto_map"].empty(), expected["auto_map"].get<bool>()) << dir.filename();
  }
  EXPECT_FALSE(j["model"]["trust_remote_code"].get<bool>());
  if (expected.contains("pre_quantized")) {
    if (expected["pre_quantized"].is_null()) {
      EXPECT_FALSE(j["pre_quantized"]["present"].get<bool>()) << dir.filename();
    } else {
      EXPECT_EQ(j["pre_quantized"]["quant_method"], expected["pre_quantized"]) << dir.filename();
    }
  }
  if (expected.contains("templates")) {
    for (auto it = expected["templates"].begin(); it != expected["templates"].end(); ++it) {
      bool found = false;
      for (const auto& t : j["quark_templates"]) {
        if (t["quark_version"] == it.key()) {
          EXPECT_EQ(t["has_template"], it.value()) << dir.filename() << " quark " << it.key();
          found = true;
        }
      }
      EXPECT_TRUE(found) << it.key();
    }
  }
  if (expected.contains("modalities")) {
    ASSERT_EQ(j["multimodal"]["towers"].size(), expected["modalities"].size()) << dir.filename();
    for (std::size_t i = 0; i < expected["modalities"].size(); ++i) {
      for (auto it = expected["modalities"][i].begin(); it != expected["modalities"][i].end(); ++it) {
        EXPECT_EQ(j["multimodal"]["towers"][i][it.key()], it.value()) << dir.filename() << " tower " << it.key();
      }
    }
  }
  if (expected.contains("risks")) {
    // Exactly these risk ids, apart from the estimate risks that a config-only fixture adds.
    std::set<std::string> want;
    for (const auto& r : expected["risks"]) want.insert(r.get<std::string>());
    std::set<std::string> got;
    for (const auto& r : j["risks"]) {
      std::string id = r["id"].get<std::string>();
      if (id == "intake.risk_no_weights") continue;
      got.insert(id);
    }
    EXPECT_EQ(got, want) << dir.filename();
  }
  if (expected.contains("estimate")) {
    EXPECT_EQ(j["quantization_targets"]["method"], "config_estimate");
    EXPECT_EQ(j["quantization_targets"]["linear_layer_count"], expected["estimate"]["linear_layer_count"]);
    EXPECT_EQ(j["quantization_targets"]["quantized_layer_count"], expected["estimate"]["quantized_layer_count"]);
  }
  if (!with_shards) {
    EXPECT_EQ(j["analysis_status"], "partial") << "no weights: the count is an estimate";
    EXPECT_TRUE(j["inventory"].is_null());
    return;
  }
  ASSERT_TRUE(expected.contains("inventory")) << dir.filename();
  const auto& inv = expected["inventory"];
  const auto& qt = j["quantization_targets"];
  EXPECT_EQ(qt["method"], "safetensors_headers");
  EXPECT_EQ(qt["linear_layer_count"], inv["linear_layer_count"]) << dir.filename();
  EXPECT_EQ(qt["quantized_layer_count"], inv["quantized_layer_count"]) << dir.filename();
  if (inv.contains("tensor_count")) {
    EXPECT_EQ(j["inventory"]["tensor_count"], inv["tensor_count"]);
  }
  if (inv.contains("parameters")) {
    EXPECT_EQ(qt["parameters"]["total"], inv["parameters"]);
  }
  if (inv.contains("expert_tensors")) {
    EXPECT_EQ(j["moe"]["expert_tensors"], inv["expert_tensors"]) << dir.filename();
  }
  if (inv.contains("has_non_linear_experts")) {
    EXPECT_EQ(qt["has_non_linear_experts"], inv["has_non_linear_experts"]);
  }
  for (auto it = inv["roles"].begin(); it != inv["roles"].end(); ++it) {
    ASSERT_TRUE(qt["by_role"].contains(it.key())) << dir.filename() << " role " << it.key();
    EXPECT_EQ(qt["by_role"][it.key()]["linear_modules"], it.value()) << dir.filename() << " role " << it.key();
  }
  EXPECT_EQ(qt["by_role"].size(), inv["roles"].size()) << dir.filename() << " " << qt["by_role"].dump();

  // The compact inventory expands to exactly the modules counted.
  auto modules = intake::expand_inventory(j);
  ASSERT_TRUE(modules) << modules.error().detail;
  std::uint64_t linear = 0;
  std::uint64_t quantized = 0;
  std::uint64_t conv1d = 0;
  for (const auto& m : *modules) {
    linear += m.linear_modules;
    quantized += m.quantized ? m.linear_modules : 0;
    conv1d += m.kind == "conv1d" ? 1 : 0;
  }
  EXPECT_EQ(linear, inv["linear_layer_count"].get<std::uint64_t>());
  EXPECT_EQ(quantized, inv["quantized_layer_count"].get<std::uint64_t>());
  if (inv.contains("conv1d_modules")) {
    EXPECT_EQ(conv1d, inv["conv1d_modules"].get<std::uint64_t>());
  }
}

INSTANTIATE_TEST_SUITE_P(Corpus, Fixture, ::testing::ValuesIn(fixtures()), [](const auto& param_info) {
  std::string n = param_info.param.filename().string();
  for (auto& c : n) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return n;
});

TEST(FixtureCorpus, IsLargeEnough) { EXPECT_GE(fixtures().size(), 15u); }

}  // namespace
