#include "deepseek_v3_layout.h"

#include <string>

namespace bench {

std::vector<test_support::TensorSpec> deepseek_v3_tensors() {
  using Shape = std::vector<std::uint64_t>;
  constexpr std::uint64_t kHidden = 7168;
  constexpr std::uint64_t kVocab = 129280;
  std::vector<test_support::TensorSpec> t;
  auto add = [&](std::string name, Shape shape) { t.push_back({std::move(name), "BF16", std::move(shape)}); };
  add("model.embed_tokens.weight", {kVocab, kHidden});
  for (int l = 0; l <= 61; ++l) {
    std::string p = "model.layers." + std::to_string(l) + ".";
    add(p + "input_layernorm.weight", {kHidden});
    add(p + "post_attention_layernorm.weight", {kHidden});
    add(p + "self_attn.q_a_proj.weight", {1536, kHidden});
    add(p + "self_attn.q_a_layernorm.weight", {1536});
    add(p + "self_attn.q_b_proj.weight", {128 * 192, 1536});
    add(p + "self_attn.kv_a_proj_with_mqa.weight", {576, kHidden});
    add(p + "self_attn.kv_a_layernorm.weight", {512});
    add(p + "self_attn.kv_b_proj.weight", {128 * 256, 512});
    add(p + "self_attn.o_proj.weight", {kHidden, 128 * 128});
    if (l < 3) {
      add(p + "mlp.gate_proj.weight", {18432, kHidden});
      add(p + "mlp.up_proj.weight", {18432, kHidden});
      add(p + "mlp.down_proj.weight", {kHidden, 18432});
      continue;
    }
    add(p + "mlp.gate.weight", {256, kHidden});
    add(p + "mlp.gate.e_score_correction_bias", {256});
    for (int e = 0; e < 256; ++e) {
      std::string x = p + "mlp.experts." + std::to_string(e) + ".";
      add(x + "gate_proj.weight", {2048, kHidden});
      add(x + "up_proj.weight", {2048, kHidden});
      add(x + "down_proj.weight", {kHidden, 2048});
    }
    add(p + "mlp.shared_experts.gate_proj.weight", {2048, kHidden});
    add(p + "mlp.shared_experts.up_proj.weight", {2048, kHidden});
    add(p + "mlp.shared_experts.down_proj.weight", {kHidden, 2048});
    if (l == 61) {  // the multi-token-prediction module
      add(p + "embed_tokens.weight", {kVocab, kHidden});
      add(p + "enorm.weight", {kHidden});
      add(p + "hnorm.weight", {kHidden});
      add(p + "eh_proj.weight", {kHidden, 2 * kHidden});
      add(p + "shared_head.norm.weight", {kHidden});
      add(p + "shared_head.head.weight", {kVocab, kHidden});
    }
  }
  add("model.norm.weight", {kHidden});
  add("lm_head.weight", {kVocab, kHidden});
  return t;
}

}  // namespace bench
