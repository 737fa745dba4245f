// Model-family rules as data (knowledge/model_families.json): which config keys carry which
// fact, loading-class hints, Conv1D families, MoE key names, multimodal sub-config keys,
// minimum transformers versions, defaults config.json omits, and the name rules that give a
// module its role. Intake reads facts through these tables instead of literals in code.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/json_io.h"
#include "core/result.h"

namespace knowledge {

struct RoleRule {
  std::string role;
  std::vector<std::string> patterns;  // fnmatch patterns on module names
};

struct TransformersRequirement {
  std::string min;
  std::string below;
  std::string text;
};

// Where a model type's nn.Linear modules are, as Quark names them (the config-only estimate
// synthesizes these names when no headers can be read). "{}" stands for a layer or expert index.
struct VisionLayout {
  std::int64_t per_layer = 0;                                      // nn.Linear per vision-tower layer
  std::vector<std::string> layer_keys;                             // vision-config keys whose values add up to its layers
  std::int64_t extra = 0;                                          // fixed ones (pooling head, projector)
  std::map<std::string, std::int64_t, std::less<>> per_list_item;  // per element of a list key
};

struct LinearLayout {
  std::string layer_prefix;
  std::vector<std::string> attention;  // empty: q/k/v/o_proj, or MLA's projections
  // For hybrid models: the mixer's Linears per config layer_types entry (e.g. Mamba layers).
  std::map<std::string, std::vector<std::string>, std::less<>> attention_by_layer_type;
  std::vector<std::string> mlp;
  std::string experts_prefix;
  std::vector<std::string> expert;
  bool experts_linear = true;         // false: Quark leaves the fused experts unquantized
  std::optional<std::string> router;  // set when the router is an nn.Linear
  std::string shared_prefix;
  std::vector<std::string> shared;
  std::optional<std::string> shared_expert_gate;
  std::int64_t shared_experts_default = 0;  // shared experts when the config names none (Llama 4: 1)
  std::string lm_head;
  VisionLayout vision;
};

struct ModelFamilies {
  std::vector<std::string> text_config_keys;
  std::map<std::string, std::string, std::less<>> modality_config_keys;   // key -> vision/audio
  std::map<std::string, std::vector<std::string>, std::less<>> moe_keys;  // fact -> config keys
  std::vector<std::string> moe_intermediate_from_intermediate_size;
  std::map<std::string, std::string, std::less<>> dense_intermediate_size_keys;
  std::vector<std::string> context_length_keys;
  std::vector<std::string> hidden_size_keys;
  std::vector<std::string> num_layers_keys;
  std::vector<std::string> num_heads_keys;
  std::vector<std::string> num_kv_heads_keys;
  std::vector<std::string> intermediate_size_keys;
  std::vector<std::string> dtype_keys;
  std::vector<std::string> torch_dtypes;  // the names torch has a dtype under (transformers looks them up)
  std::vector<std::string> mla_keys;
  std::vector<std::string> conv1d_model_types;
  std::vector<std::string> conv1d_module_suffixes;
  std::map<std::string, bool, std::less<>> tie_word_embeddings_default;  // "_default" included
  std::map<std::string, std::string, std::less<>> loading_class;         // "_default" included
  std::map<std::string, std::string, std::less<>> min_transformers_version;
  std::map<std::string, TransformersRequirement, std::less<>> quark_transformers_requirement;
  std::vector<std::string> linear_weight_suffixes;
  std::vector<std::string> fused_expert_tensor_names;
  std::vector<std::string> fused_gate_up_names;
  std::vector<std::string> fused_expert_module_patterns;  // fused expert tensors outside an .experts. module
  std::vector<RoleRule> role_rules;
  std::vector<std::string> non_linear_roles;
  // Module-name patterns of weights that are not nn.Linear in transformers (routers such as
  // MixtralTopKRouter, vision position embeddings): for every model type, and per model type.
  std::vector<std::string> non_linear_module_patterns;
  std::map<std::string, LinearLayout, std::less<>> linear_layouts;  // "_default" included, merged
  std::map<std::string, std::vector<std::string>, std::less<>> non_linear_module_patterns_by_type;
  std::vector<std::string> pre_quantized_tensor_suffixes;
  std::vector<std::string> tokenizer_files;
  std::uint64_t multi_device_bytes = 0;
  std::uint64_t huge_moe_quantized_linears = 0;
  std::vector<std::string> transformers_model_types;  // sorted

  bool transformers_implements(std::string_view model_type) const;
  bool is_conv1d_family(std::string_view model_type) const;
  // The class-level default of tie_word_embeddings for model_type (PretrainedConfig's when
  // the family is not listed).
  bool tie_default(std::string_view model_type) const;
  std::string loading_class_for(std::string_view model_type, std::string_view architecture) const;
  // The role of a module by the first matching rule; "other" when none matches.
  std::string role_of(std::string_view module_name) const;
  const std::vector<std::string>& moe(std::string_view fact) const;
  // The patterns for model_type: the common ones plus its own.
  std::vector<std::string> non_linear_modules_for(std::string_view model_type) const;
  // The layout of model_type, else the default one.
  const LinearLayout& linear_layout_for(std::string_view model_type) const;
};

// Parsed once from the embedded file; internal "knowledge.data_invalid" when it is broken.
core::Result<const ModelFamilies*> model_families();
// knowledge/model_families.json's document, read strictly (model_families() parses it once).
core::Result<ModelFamilies> parse_model_families(const core::Json& doc);

}  // namespace knowledge
