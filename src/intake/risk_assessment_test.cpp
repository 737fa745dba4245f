// assess_risks() on a table of readings: each row changes one fact of a clean Llama reading
// (which has no risks) and names the risks it must give, in the artifact's order.
#include <gtest/gtest.h>

#include <functional>

#include "intake/risk_assessment.h"

namespace {

using intake::ModelReading;

const knowledge::ModelFamilies& families() {
  auto fam = knowledge::model_families();
  EXPECT_TRUE(fam) << fam.error().id;
  return **fam;
}

// The shipped rules that hold for a DBRX attn_config whose clip_qkv is null, as intake's
// config reading finds them.
std::vector<knowledge::ForwardRisk> dbrx_clip_qkv_null() {
  auto rules = knowledge::forward_risks();
  EXPECT_TRUE(rules) << rules.error().id;
  auto held = (*rules)->holding("dbrx", core::Json{{"attn_config", {{"clip_qkv", nullptr}}}});
  EXPECT_EQ(held.size(), 1u);
  return held;
}

ModelReading clean_llama() {
  ModelReading r;
  r.facts.model_type = "llama";
  r.facts.num_layers = 4;
  r.tokenizer_files = {"tokenizer.json"};
  r.templates = intake::match_templates("llama");
  r.weights.format = intake::WeightsFormat::safetensors;
  r.weights.shards = {"model.safetensors"};
  r.inventory = intake::LinearInventory{};
  return r;
}

intake::MoeFacts moe_on_layers(std::vector<std::int64_t> layers) {
  intake::MoeFacts m;
  m.num_experts = 8;
  m.moe_layers = std::move(layers);
  return m;
}

intake::OracleLinears answered(const char* status, const char* function) {
  intake::OracleLinears o;
  o.versions = "torch=2.11.0 transformers=5.16.1 amd-quark=0.13";
  o.forward = intake::OracleForward{status, *status == 'o' ? "" : "ValueError: clamp called but both min and max are none!", function,
                                    "transformers/models/dbrx/modeling_dbrx.py:216"};
  return o;
}

struct Row {
  const char* name;
  std::function<void(ModelReading&)> change;
  std::vector<std::string> ids;  // the risks, in order
  bool partial = false;
};

std::vector<std::string> ids_of(const intake::RiskList& risks) {
  std::vector<std::string> out;
  for (const auto& r : risks.items()) out.push_back(r.id);
  return out;
}

TEST(RiskAssessment, CleanReadingHasNoRisks) {
  intake::RiskList risks = intake::assess_risks(clean_llama(), families());
  EXPECT_TRUE(risks.items().empty()) << testing::PrintToString(ids_of(risks));
  EXPECT_FALSE(risks.any_partial());
}

TEST(RiskAssessment, EachRuleOnItsTable) {
  const std::vector<Row> rows = {
      {"generation config does not parse",
       [](ModelReading& r) { r.invalid_generation_config = "/m/generation_config.json"; },
       {"intake.risk_generation_config_invalid"}},
      {"no template in the newest release, the installed one unknown",
       [](ModelReading& r) { r.templates.releases.back().found.reset(); },
       {"intake.risk_no_template_newest"}},
      {"no template in the installed release the oracle ran in",
       [](ModelReading& r) {
         r.oracle = answered("ok", "");
         r.oracle->versions = "torch=2.11.0 transformers=4.57.1 amd-quark=0.12.post1";
         for (auto& rel : r.templates.releases) {
           if (rel.quark_version == "0.12") rel.found.reset();
         }
       },
       {"intake.risk_no_template"}},
      {"a template in the installed release, none in the newest",
       [](ModelReading& r) {
         r.oracle = answered("ok", "");
         r.oracle->versions = "torch=2.11.0 transformers=4.57.1 amd-quark=0.12.post1";
         r.templates.releases.back().found.reset();
       },
       {}},
      {"config lacks a material fact",
       [](ModelReading& r) {
         r.facts.missing = {"vocab_size", "hidden_size"};
       },
       {"intake.risk_missing_facts"},
       true},
      {"transformers does not implement the type",
       [](ModelReading& r) {
         r.facts.model_type = "not_in_transformers";
         r.templates = intake::match_templates("llama");
       },
       {"intake.risk_remote_code_required"}},
      {"auto_map on an implemented type", [](ModelReading& r) { r.facts.auto_map = {"AutoModelForCausalLM"}; }, {"intake.risk_auto_map"}},
      {"quantization_config in the config",
       [](ModelReading& r) {
         r.facts.pre_quantized = intake::PreQuantized{"fp8", ""};
       },
       {"intake.risk_pre_quantized"}},
      {"scales in the checkpoint only",
       [](ModelReading& r) { r.inventory->has_prequantized_tensors = true; },
       {"intake.risk_pre_quantized_tensors"}},
      {"both: the config's wins",
       [](ModelReading& r) {
         r.facts.pre_quantized = intake::PreQuantized{"awq", ""};
         r.inventory->has_prequantized_tensors = true;
       },
       {"intake.risk_pre_quantized"}},
      {"config written by a transformers too new for Quark",
       [](ModelReading& r) { r.facts.transformers_version = "9.0.0"; },
       {"intake.risk_transformers_newer"}},
      {"config written by a supported transformers", [](ModelReading& r) { r.facts.transformers_version = "4.50.0"; }, {}},
      {"family needs a minimum transformers",
       [](ModelReading& r) {
         r.facts.model_type = "llama4";
         r.templates = intake::match_templates("llama4");
       },
       {"intake.risk_min_transformers"}},
      {"no tokenizer", [](ModelReading& r) { r.tokenizer_files.clear(); }, {"intake.risk_no_tokenizer"}},
      {"pytorch .bin weights",
       [](ModelReading& r) {
         r.weights = {};
         r.weights.format = intake::WeightsFormat::pytorch_bin;
         r.inventory.reset();
       },
       {"intake.risk_no_safetensors"},
       true},
      {"no weights at all",
       [](ModelReading& r) {
         r.weights = {};
         r.inventory.reset();
       },
       {"intake.risk_no_weights"},
       true},
      {"shards not in the cache",
       [](ModelReading& r) {
         r.weights.missing_shards = {"model-00002-of-00002.safetensors"};
         r.inventory.reset();
       },
       {"intake.risk_shards_not_cached"},
       true},
      {"a shard with no tensors (header {})",
       [](ModelReading& r) { r.empty_shards = {"model.safetensors"}; },
       {"intake.risk_empty_shard"},
       true},
      {"dtype we do not know", [](ModelReading& r) { r.unknown_dtypes = {"F4"}; }, {"intake.risk_unknown_dtype"}},
      {"Conv1D family",
       [](ModelReading& r) {
         r.facts.model_type = "gpt2";
         r.templates = intake::match_templates("llama");
       },
       {"intake.risk_conv1d"}},
      {"weights beyond one device", [](ModelReading& r) { r.declared_bytes = families().multi_device_bytes + 1; }, {"intake.risk_memory"}},
      {"weights within one device", [](ModelReading& r) { r.declared_bytes = families().multi_device_bytes; }, {}},
      {"MoE with very many quantized linears",
       [](ModelReading& r) {
         r.facts.moe = moe_on_layers({});
         r.inventory->quantized_modules = families().huge_moe_quantized_linears + 1;
       },
       {"intake.risk_huge_moe"}},
      {"as many linears but dense",
       [](ModelReading& r) { r.inventory->quantized_modules = families().huge_moe_quantized_linears + 1; },
       {}},
      {"fused expert tensors", [](ModelReading& r) { r.inventory->has_fused_experts = true; }, {"intake.risk_fused_experts"}},
      {"expert layers disagree with the config",
       [](ModelReading& r) {
         r.facts.moe = moe_on_layers({1, 2, 3});
         r.inventory->expert_layers = {0, 1, 2, 3};
       },
       {"intake.risk_moe_layers_disagree"}},
      {"expert layers agree; an MTP layer beyond num_hidden_layers does not count",
       [](ModelReading& r) {
         r.facts.moe = moe_on_layers({1, 2, 3});
         r.inventory->expert_layers = {1, 2, 3, 4};
       },
       {}},
      {"the oracle's forward pass fails",
       [](ModelReading& r) { r.oracle = answered("failed", "LlamaAttention.forward"); },
       {"intake.risk_forward_fails"}},
      {"the oracle's forward pass stopped by the meta device",
       [](ModelReading& r) { r.oracle = answered("inconclusive", "QuarkExpertsBase.forward"); },
       {}},
      {"the oracle's forward pass runs", [](ModelReading& r) { r.oracle = answered("ok", ""); }, {}},
      {"dbrx, clip_qkv null, DbrxAttention fails",
       [](ModelReading& r) {
         r.facts.model_type = "dbrx";
         r.facts.forward_risks = dbrx_clip_qkv_null();
         r.oracle = answered("failed", "DbrxAttention.forward");
       },
       {"intake.risk_clip_qkv_null"}},
      {"dbrx, clip_qkv null, an installed transformers that runs it",
       [](ModelReading& r) {
         r.facts.model_type = "dbrx";
         r.facts.forward_risks = dbrx_clip_qkv_null();
         r.oracle = answered("inconclusive", "QuarkExpertsBase.forward");
       },
       {}},
      {"dbrx, clip_qkv null, no oracle answer",
       [](ModelReading& r) {
         r.facts.model_type = "dbrx";
         r.facts.forward_risks = dbrx_clip_qkv_null();
         r.oracle = intake::OracleLinears{};
         r.oracle->unavailable = "no Python environment";
       },
       {"intake.risk_clip_qkv_unchecked"}},
      {"dbrx, clip_qkv set, no oracle answer", [](ModelReading& r) { r.facts.model_type = "dbrx"; }, {}},
      {"risks come in the artifact's order",
       [](ModelReading& r) {
         r.unknown_dtypes = {"F4"};
         r.tokenizer_files.clear();
         r.invalid_generation_config = "g";
       },
       {"intake.risk_generation_config_invalid", "intake.risk_no_tokenizer", "intake.risk_unknown_dtype"}},
  };
  for (const Row& row : rows) {
    ModelReading r = clean_llama();
    row.change(r);
    intake::RiskList risks = intake::assess_risks(r, families());
    EXPECT_EQ(ids_of(risks), row.ids) << row.name;
    EXPECT_EQ(risks.any_partial(), row.partial) << row.name;
  }
}

TEST(RiskAssessment, TheMissingTemplateNamesTheInstalledRelease) {
  ModelReading r = clean_llama();
  r.oracle = answered("ok", "");
  r.oracle->versions = "torch=2.11.0 transformers=4.57.1 amd-quark=0.12.post1";
  for (auto& rel : r.templates.releases) rel.found.reset();
  core::Json j = intake::assess_risks(r, families()).to_json();
  ASSERT_EQ(j.size(), 1u) << j.dump();
  EXPECT_EQ(j[0]["args"]["version"], "0.12.post1");
  EXPECT_NE(j[0]["message"].get<std::string>().find("Quark 0.12.post1 has no built-in template"), std::string::npos) << j.dump();
}

TEST(RiskAssessment, ArgumentsNameWhatWasFound) {
  ModelReading r = clean_llama();
  r.weights.missing_shards = {"b.safetensors", "c.safetensors"};
  r.inventory.reset();
  r.facts.moe = moe_on_layers({1, 2});
  intake::RiskList risks = intake::assess_risks(r, families());
  core::Json j = risks.to_json();
  ASSERT_EQ(j.size(), 1u) << j.dump();
  EXPECT_EQ(j[0]["severity"], "high");
  EXPECT_EQ(j[0]["args"]["count"], "2");
  EXPECT_EQ(j[0]["args"]["first"], "b.safetensors");
  EXPECT_TRUE(j[0]["makes_partial"].get<bool>());
}

}  // namespace

// The config reading names the shipped forward-risk rules that hold: DBRX's attn_config with
// clip_qkv null or absent, not a number, not another model type with the same keys.
TEST(RiskAssessment, TheClipQkvRuleHoldsForADbrxConfigWithoutClipQkv) {
  struct Case {
    const char* config;
    std::size_t rules;
  };
  for (const Case& c : {
           Case{R"({"model_type": "dbrx", "attn_config": {"clip_qkv": null, "kv_n_heads": 8}})", 1},
           Case{R"({"model_type": "dbrx", "attn_config": {"kv_n_heads": 8}})", 1},
           Case{R"({"model_type": "dbrx", "attn_config": {"clip_qkv": 8}})", 0},
           Case{R"({"model_type": "dbrx"})", 0},
           Case{R"({"model_type": "llama", "attn_config": {"clip_qkv": null}})", 0},
       }) {
    auto j = core::parse_json(c.config, "config.json");
    ASSERT_TRUE(j);
    auto f = intake::read_config_facts(*j, families(), "config.json");
    ASSERT_TRUE(f) << f.error().id;
    ASSERT_EQ(f->forward_risks.size(), c.rules) << c.config;
    for (const auto& rule : f->forward_risks) EXPECT_EQ(rule.risk, "intake.risk_clip_qkv_null");
  }
}
