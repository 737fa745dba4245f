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
core::Result<std::uint64_t> vision_linears(const Modality& m, const knowledge::VisionLayout& v, std::string_view source) {
  if (m.kind != "vision" || v.per_layer == 0 || !m.config.is_object()) return std::uint64_t{0};
  std::int64_t layers = 0;
  for (const auto& k : v.layer_keys) {
    std::int64_t n = core::json_int(m.config, k).value_or(0);
    if (n < 0 || n > config_limits::layers.max) {
      return implausible_config_value(source, m.config_key + "." + k, std::to_string(n), config_limits::layers);
    }
    layers += n;
  }
  std::int64_t n = layers * v.per_layer + v.extra;
  for (const auto& [key, each] : v.per_list_item) {
    if (const core::Json* list = core::json_array(m.config, key)) n += static_cast<std::int64_t>(list->size()) * each;
  }
  return static_cast<std::uint64_t>(std::max<std::int64_t>(n, 0));
}

// A pattern without a digit, '?' or '[' gives the same answer for a name whatever digits the
// name holds (a digit can only fall under a '*'), hence for every layer and expert index.
bool index_free(const std::string& pattern) { return pattern.find_first_of("0123456789?[") == std::string::npos; }

}  // namespace

core::Result<Estimate> estimate_linears(const ModelFacts& facts, const knowledge::ModelFamilies& fam,
                                        const std::vector<std::string>& exclusions, std::string_view source) {
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
  const std::int64_t experts = facts.moe && L.experts_linear ? facts.moe->num_experts : 0;
  const std::int64_t shared = !facts.moe ? 0 : facts.moe->shared_experts > 0 ? facts.moe->shared_experts : L.shared_experts_default;

  // The layers fall into a few kinds (mixer by layer type, dense or MoE); a layer's modules
  // are named only by its kind and its index. num_layers and the expert count are claims of
  // the config: the modules are synthesized once per kind, not once per layer and expert,
  // whenever the exclusions cannot tell the indices apart.
  struct Kind {
    const std::vector<std::string>* mixer;
    bool moe;
    std::int64_t first = 0;  // its first layer
    std::int64_t count = 0;
  };
  std::vector<Kind> kinds;
  std::vector<std::size_t> kind_of(conv1d ? 0 : static_cast<std::size_t>(layers));
  for (std::int64_t i = 0; i < layers && !conv1d; ++i) {
    const std::vector<std::string>* mixer = &attn;
    if (static_cast<std::size_t>(i) < facts.layer_types.size()) {
      auto by_type = L.attention_by_layer_type.find(facts.layer_types[static_cast<std::size_t>(i)]);
      if (by_type != L.attention_by_layer_type.end()) mixer = &by_type->second;
    }
    bool is_moe = facts.moe && std::binary_search(facts.moe->moe_layers.begin(), facts.moe->moe_layers.end(), i);
    auto k = std::find_if(kinds.begin(), kinds.end(), [&](const Kind& x) { return x.mixer == mixer && x.moe == is_moe; });
    if (k == kinds.end()) k = kinds.insert(kinds.end(), Kind{mixer, is_moe, i, 0});
    ++k->count;
    kind_of[static_cast<std::size_t>(i)] = static_cast<std::size_t>(k - kinds.begin());
  }
  auto modules_of = [&](const Kind& k) -> std::uint64_t {
    std::uint64_t n = k.mixer->size();
    if (!k.moe) return n + L.mlp.size();
    return n + (L.router ? 1 : 0) + static_cast<std::uint64_t>(experts) * L.expert.size() +
           static_cast<std::uint64_t>(shared) * L.shared.size() + (L.shared_expert_gate && shared > 0 ? 1 : 0);
  };
  std::uint64_t total = 1;  // lm_head
  for (const Kind& k : kinds) total += static_cast<std::uint64_t>(k.count) * modules_of(k);
  if (total > config_limits::linear_modules) {
    return core::make_error(core::ExitCode::bad_input, "intake.config_implausible_total")
        .with("source", std::string(source))
        .with("count", std::to_string(total))
        .with("layers", std::to_string(layers))
        .with("experts", std::to_string(experts))
        .with("max", std::to_string(config_limits::linear_modules));
  }

  // Each module of layer `i`, with how many modules its name stands for.
  const bool by_kind = std::all_of(exclusions.begin(), exclusions.end(), index_free);
  auto count = [&](const std::string& name, std::uint64_t times) {
    e.linear_modules += times;
    if (!core::glob_match_any(exclusions, name)) e.quantized_modules += times;
  };
  auto layer = [&](const Kind& k, std::int64_t i, std::uint64_t times) {
    std::string base = with_index(L.layer_prefix, i);
    for (const auto& a : *k.mixer) count(base + a, times);
    if (!k.moe) {
      for (const auto& m : L.mlp) count(base + m, times);
      return;
    }
    if (L.router) count(base + *L.router, times);
    for (std::int64_t x = 0; x < experts; ++x) {
      for (const auto& m : L.expert)
        count(base + with_index(L.experts_prefix, x) + m, by_kind ? times * static_cast<std::uint64_t>(experts) : times);
      if (by_kind) break;
    }
    for (const auto& m : L.shared) count(base + L.shared_prefix + m, times * static_cast<std::uint64_t>(shared));
    if (L.shared_expert_gate && shared > 0) count(base + *L.shared_expert_gate, times);
  };
  if (by_kind) {
    for (const Kind& k : kinds) layer(k, k.first, static_cast<std::uint64_t>(k.count));
  } else {
    for (std::size_t i = 0; i < kind_of.size(); ++i) layer(kinds[kind_of[i]], static_cast<std::int64_t>(i), 1);
  }
  count(L.lm_head, 1);
  std::uint64_t vision = 0;
  for (const auto& m : facts.modalities) {
    QPTQ_TRY_ASSIGN(std::uint64_t n, vision_linears(m, L.vision, source));
    vision += n;
  }
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
             (conv1d ? ", Conv1D blocks not counted" : "") +
             ", lm_head), template exclusions fnmatched against them; an estimate, not a count";
  return e;
}

}  // namespace intake
