// Facts from config.json (and generation_config.json), read through the model-family tables
// in knowledge/model_families.json. Multimodal configs are unwrapped: the language model's
// facts come from text_config / language_config. Nothing is invented: a fact the config does
// not give (and no documented class default supplies) stays empty and is listed in
// `missing`, which makes the analysis partial.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/json_io.h"
#include "knowledge/forward_risks.h"
#include "knowledge/model_families.h"

namespace intake {

struct Modality {
  std::string config_key;  // e.g. vision_config
  std::string kind;        // vision / audio
  std::optional<std::string> model_type;
  std::optional<std::int64_t> hidden_size;
  std::optional<std::int64_t> num_layers;
  core::Json config = nullptr;  // the tower's sub-config as written (layout keys of the estimate)
};

struct MoeFacts {
  std::int64_t num_experts = 0;
  std::optional<std::int64_t> experts_per_token;
  std::int64_t shared_experts = 0;
  std::optional<std::int64_t> moe_intermediate_size;
  std::optional<std::int64_t> shared_expert_intermediate_size;
  std::vector<std::int64_t> moe_layers;  // from config rules
  std::vector<std::int64_t> dense_layers;
  std::string layer_rule;  // how moe_layers was derived
};

struct PreQuantized {
  std::string quant_method;  // fp8, awq, gptq, compressed-tensors, mxfp4, quark, ...
  std::string detail;        // format / bits / weight_block_size, when given
};

struct ModelFacts {
  std::string model_type;                      // config.json's top-level model_type
  std::optional<std::string> text_model_type;  // text_config's, for multimodal models
  std::string text_config_key;                 // "" when the config is not nested
  std::vector<std::string> architectures;
  std::optional<std::string> transformers_version;
  std::vector<std::string> auto_map;       // auto_map keys (remote code)
  std::vector<std::string> auto_map_code;  // what each key names: "AutoConfig: configuration_x.XConfig", ...
  std::optional<std::int64_t> num_layers, hidden_size, num_heads, num_kv_heads, head_dim, intermediate_size, vocab_size, context_length;
  std::string head_dim_source;  // config / derived
  std::string kv_heads_source;  // config / derived
  std::optional<bool> tie_word_embeddings;
  std::string tie_source;  // config / class_default
  std::optional<std::string> dtype;
  std::optional<MoeFacts> moe;
  std::vector<Modality> modalities;
  std::optional<PreQuantized> pre_quantized;
  core::Json mla = nullptr;                // kv_lora_rank etc. when the attention is MLA
  std::optional<std::int64_t> mtp_layers;  // num_nextn_predict_layers
  std::vector<std::string> layer_types;    // per layer, when the config lists them (hybrid models)
  // The rules of knowledge/intake/forward_risks.json that hold for this config (DBRX with
  // attn_config.clip_qkv null or absent).
  std::vector<knowledge::ForwardRisk> forward_risks;
  std::vector<std::string> missing;  // material facts the config does not give
};

// The plausible range, 0..max, of a size or count a config claims. Each
// maximum is far above any released model (about 130 layers, 512 experts, a 262,144-token
// vocabulary, a 10M-token context); it keeps an absurd claim (1e12 layers, 2^63 wrapped to a
// negative) from driving the estimate or reaching the artifact. Like safetensors'
// MAX_HEADER_SIZE these are limits of the reader, not facts about models.
struct ConfigBound {
  std::int64_t max;
};
namespace config_limits {
inline constexpr ConfigBound layers{10'000};
inline constexpr ConfigBound width{std::int64_t{1} << 20};  // hidden_size
inline constexpr ConfigBound heads{std::int64_t{1} << 16};  // attention / KV heads, head dims
inline constexpr ConfigBound ffn{std::int64_t{1} << 22};    // intermediate sizes
inline constexpr ConfigBound vocab{std::int64_t{1} << 24};
inline constexpr ConfigBound context{std::int64_t{1} << 34};
inline constexpr ConfigBound experts{std::int64_t{1} << 14};  // routed, per token, shared
// The Linear modules a config may imply in all (layers x experts x projections): 57 times
// the largest released MoE (about 70,000).
inline constexpr std::uint64_t linear_modules = std::uint64_t{1} << 22;
}  // namespace config_limits

// "intake.config_implausible": `key` of `source` is `value`, outside 0..b.max.
core::Error implausible_config_value(std::string_view source, const std::string& key, const std::string& value, ConfigBound b);

// Errors (bad_input): intake.config_not_object, intake.config_no_model_type,
// intake.config_bad_field (a known key with the wrong type), intake.config_implausible (a size
// or count outside config_limits), naming `source` and the key.
core::Result<ModelFacts> read_config_facts(const core::Json& config, const knowledge::ModelFamilies& fam, std::string_view source);

}  // namespace intake
