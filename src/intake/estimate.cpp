#include "intake/estimate.h"

#include <algorithm>

#include "core/glob_match.h"

namespace intake {

namespace {

std::string with_index(std::string pattern, std::int64_t i) {
  auto at = pattern.find("{}");
  if (at != std::string::npos) pattern.replace(at, 2, std::to_string(i));
  return pattern;
}

// nn.Linear modules of one vision tower by the family's layout: per layer (the tower's layer
// keys summed), fixed extras, and per element of listed keys (Qwen3-VL's deepstack mergers).
std::uint64_t vision_linears(const Modality& m, const knowledge::VisionLayout& v) {
  if (m.kind != "vision" || v.per_layer == 0 || !m.config.is_object()) return 0;
  std::int64_t layers = 0;
  for (const auto& k : v.layer_keys) layers += core::json_int(m.config, k).value_or(0);
  std::int64_t n = layers * v.per_layer + v.extra;
  for (const auto& [key, each] : v.per_list_item) {
    if (const core::Json* list = core::json_array(m.config, key)) n += static_cast<std::int64_t>(list->size()) * each;
  }
  return static_cast<std::uint64_t>(std::max<std::int64_t>(n, 0));
}

}  // namespace

Estimate estimate_linears(const ModelFacts& facts, const knowledge::ModelFamilies& fam,
                          const std::vector<std::string>& exclusions) {
  Estimate e;
  std::string lm_type = facts.text_model_type.value_or(facts.model_type);
  const knowledge::LinearLayout* layout = &fam.linear_layout_for(facts.model_type);
  if (fam.linear_layouts.find(facts.model_type) == fam.linear_layouts.end()) layout = &fam.linear_layout_for(lm_type);
  const knowledge::LinearLayout& L = *layout;
  std::int64_t layers = facts.num_layers.value_or(0);
  bool mla = !facts.mla.is_null();
  bool q_lora = mla && facts.mla.contains("q_lora_rank") && !facts.mla["q_lora_rank"].is_null();
  bool conv1d = fam.is_conv1d_family(facts.model_type);
  std::vector<std::string> attn = L.attention;
  if (attn.empty()) {
    attn = mla ? (q_lora ? std::vector<std::string>{"self_attn.q_a_proj", "self_attn.q_b_proj", "self_attn.kv_a_proj_with_mqa",
                                                    "self_attn.kv_b_proj", "self_attn.o_proj"}
                         : std::vector<std::string>{"self_attn.q_proj", "self_attn.kv_a_proj_with_mqa", "self_attn.kv_b_proj",
                                                    "self_attn.o_proj"})
               : std::vector<std::string>{"self_attn.q_proj", "self_attn.k_proj", "self_attn.v_proj", "self_attn.o_proj"};
  }
  auto count = [&](const std::string& name) {
    ++e.linear_modules;
    if (!core::glob_match_any(exclusions, name)) ++e.quantized_modules;
  };
  for (std::int64_t i = 0; i < layers && !conv1d; ++i) {
    std::string base = with_index(L.layer_prefix, i);
    const std::vector<std::string>* mixer = &attn;
    if (static_cast<std::size_t>(i) < facts.layer_types.size()) {
      auto by_type = L.attention_by_layer_type.find(facts.layer_types[static_cast<std::size_t>(i)]);
      if (by_type != L.attention_by_layer_type.end()) mixer = &by_type->second;
    }
    for (const auto& a : *mixer) count(base + a);
    bool is_moe = facts.moe && std::find(facts.moe->moe_layers.begin(), facts.moe->moe_layers.end(), i) != facts.moe->moe_layers.end();
    if (!is_moe) {
      for (const auto& m : L.mlp) count(base + m);
      continue;
    }
    if (L.router) count(base + *L.router);
    for (std::int64_t x = 0; x < facts.moe->num_experts && L.experts_linear; ++x) {
      for (const auto& m : L.expert) count(base + with_index(L.experts_prefix, x) + m);
    }
    std::int64_t shared = facts.moe->shared_experts > 0 ? facts.moe->shared_experts : L.shared_experts_default;
    for (std::int64_t s = 0; s < shared; ++s) {
      for (const auto& m : L.shared) count(base + L.shared_prefix + m);
    }
    if (L.shared_expert_gate && shared > 0) count(base + *L.shared_expert_gate);
  }
  count(L.lm_head);
  std::uint64_t vision = 0;
  for (const auto& m : facts.modalities) vision += vision_linears(m, L.vision);
  // Vision modules are counted, not named: no template exclusion is matched against them.
  e.linear_modules += vision;
  e.quantized_modules += vision;
  e.method = std::string("config_estimate: module names synthesized from config by the ") +
             (fam.linear_layouts.count(facts.model_type) != 0 || fam.linear_layouts.count(lm_type) != 0 ? lm_type : "default") +
             " layout of knowledge/model_families.json (" + std::to_string(layers) + " layers, " + std::to_string(attn.size()) +
             (mla ? " MLA" : "") + " attention projections, " + std::to_string(L.mlp.size()) + " MLP projections" +
             (facts.moe ? ", per MoE layer " + (L.router ? std::string("a Linear router + ") : std::string()) +
                              (L.experts_linear ? std::to_string(facts.moe->num_experts) + " experts x " + std::to_string(L.expert.size())
                                                : std::string("fused experts left unquantized")) +
                              " + " + std::to_string(facts.moe->shared_experts) + " shared"
                        : std::string()) +
             (vision > 0 ? ", " + std::to_string(vision) + " vision-tower Linears counted" : "") +
             (conv1d ? ", Conv1D blocks not counted" : "") + ", lm_head), template exclusions fnmatched against them; an estimate, not a count";
  return e;
}

}  // namespace intake
