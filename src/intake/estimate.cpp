#include "intake/estimate.h"

#include <algorithm>

#include "core/glob_match.h"

namespace intake {

Estimate estimate_linears(const ModelFacts& facts, const knowledge::ModelFamilies& fam,
                          const std::vector<std::string>& exclusions) {
  Estimate e;
  std::int64_t layers = facts.num_layers.value_or(0);
  bool mla = !facts.mla.is_null();
  bool q_lora = mla && facts.mla.contains("q_lora_rank") && !facts.mla["q_lora_rank"].is_null();
  bool conv1d = fam.is_conv1d_family(facts.model_type);
  std::vector<std::string> attn = mla ? (q_lora ? std::vector<std::string>{"q_a_proj", "q_b_proj", "kv_a_proj_with_mqa", "kv_b_proj", "o_proj"}
                                                : std::vector<std::string>{"q_proj", "kv_a_proj_with_mqa", "kv_b_proj", "o_proj"})
                                          : std::vector<std::string>{"q_proj", "k_proj", "v_proj", "o_proj"};
  const std::vector<std::string> mlp = {"gate_proj", "up_proj", "down_proj"};
  auto count = [&](const std::string& name) {
    ++e.linear_modules;
    if (!core::glob_match_any(exclusions, name)) ++e.quantized_modules;
  };
  for (std::int64_t i = 0; i < layers && !conv1d; ++i) {
    std::string base = "model.layers." + std::to_string(i) + ".";
    for (const auto& a : attn) count(base + "self_attn." + a);
    bool is_moe = facts.moe && std::find(facts.moe->moe_layers.begin(), facts.moe->moe_layers.end(), i) != facts.moe->moe_layers.end();
    if (!is_moe) {
      for (const auto& m : mlp) count(base + "mlp." + m);
      continue;
    }
    count(base + "mlp.gate");
    for (std::int64_t x = 0; x < facts.moe->num_experts; ++x) {
      for (const auto& m : mlp) count(base + "mlp.experts." + std::to_string(x) + "." + m);
    }
    for (std::int64_t s = 0; s < facts.moe->shared_experts; ++s) {
      for (const auto& m : mlp) count(base + "mlp.shared_experts." + m);
    }
  }
  count("lm_head");
  e.method = std::string("config_estimate: Llama-style module names synthesized from config (") +
             std::to_string(layers) + " layers, " + (mla ? "MLA" : "q/k/v/o") + " attention, gate/up/down MLP" +
             (facts.moe ? ", router + " + std::to_string(facts.moe->num_experts) + " experts x 3 + " +
                              std::to_string(facts.moe->shared_experts) + " shared x 3 per MoE layer"
                        : std::string()) +
             (conv1d ? ", Conv1D blocks not counted" : "") +
             ", lm_head), template exclusions fnmatched against them; an estimate, not a count";
  return e;
}

}  // namespace intake
