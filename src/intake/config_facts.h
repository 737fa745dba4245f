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
  std::vector<std::int64_t> moe_layers;    // from config rules
  std::vector<std::int64_t> dense_layers;
  std::string layer_rule;                  // how moe_layers was derived
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
  std::vector<std::string> auto_map;           // auto_map keys (remote code)
  std::optional<std::int64_t> num_layers, hidden_size, num_heads, num_kv_heads, head_dim,
      intermediate_size, vocab_size, context_length;
  std::string head_dim_source;    // config / derived
  std::string kv_heads_source;    // config / derived
  std::optional<bool> tie_word_embeddings;
  std::string tie_source;         // config / class_default
  std::optional<std::string> dtype;
  std::optional<MoeFacts> moe;
  std::vector<Modality> modalities;
  std::optional<PreQuantized> pre_quantized;
  core::Json mla = nullptr;       // kv_lora_rank etc. when the attention is MLA
  std::optional<std::int64_t> mtp_layers;  // num_nextn_predict_layers
  std::vector<std::string> layer_types;    // per layer, when the config lists them (hybrid models)
  std::vector<std::string> missing;  // material facts the config does not give
};

// Errors (bad_input): intake.config_not_object, intake.config_no_model_type,
// intake.config_bad_field (a known key with the wrong type) naming `source`.
core::Result<ModelFacts> read_config_facts(const core::Json& config, const knowledge::ModelFamilies& fam,
                                           std::string_view source);

}  // namespace intake
