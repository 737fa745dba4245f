// model_analysis.json as typed values: step 1's facts about the model (source, config,
// checkpoint inventory, Quark templates, risks, the model oracle's answer), the fields of
// references/contracts/model_analysis.schema.json. One reader and one writer's encoding, so
// that a field is spelled in one place: from_json names the first field of the wrong type,
// to_json writes the document intake writes, key for key in the order the schema lists them.
// A field that is absent or null reads as unset (or empty); a field the writer always writes
// with null when it is unknown is std::optional and written as null, a field it writes only
// when it has one is std::optional and left out.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/json_io.h"
#include "core/result.h"

namespace artifacts {

// `source`: where intake found the model.
struct AnalysisSource {
  std::string kind;   // local | hf_cache | hub
  std::string input;  // MODEL as typed
  std::optional<std::string> repo_id;
  std::optional<std::string> revision;  // the Hub revision asked for
  std::optional<std::string> commit;    // what it resolved to
  std::optional<std::string> endpoint;  // credentials already removed
  std::optional<std::string> snapshot_dir;
  bool offline = false;
  // The identity checkpoint 1 binds (core/model_identity.h), as recorded whatever its type:
  // prepare compares it with the files as they are now. Null: none recorded (left out).
  core::Json identity = core::Json(nullptr);
  // The commit the identity pins a Hub model to (unset for a local model or none recorded).
  std::optional<std::string> identity_commit() const;
  bool operator==(const AnalysisSource&) const = default;
};

// model.remote_code: the repository's own code and who would run it.
struct RemoteCode {
  std::vector<std::string> auto_map;
  bool transformers_implements_model_type = false;
  bool required = false;
  // quark-cli loads the tokenizer with remote code trusted whatever --no_trust_remote_code
  // says, following both files' auto_map: this code runs inside quark-cli.
  std::vector<std::string> tokenizer_auto_map;
  std::vector<std::string> config_auto_map;  // "KEY: module.Class"
  bool operator==(const RemoteCode&) const = default;
};

struct AnalysisModel {
  std::string model_path;  // a directory, or the Hub repo id
  std::string model_type;
  std::optional<std::string> text_model_type;  // null when the config is not nested
  std::vector<std::string> architectures;
  std::optional<std::string> loading_class;
  bool trust_remote_code = false;
  std::optional<RemoteCode> remote_code;
  std::optional<std::string> transformers_version;           // null when config.json gives none
  std::optional<std::string> transformers_version_required;  // ">=4.51.0", null when any will do
  std::optional<std::string> dtype;                          // null when config.json gives none
  bool operator==(const AnalysisModel&) const = default;
};

// `architecture`: the config's numbers; each null when the config does not give it.
struct Architecture {
  std::optional<std::int64_t> num_hidden_layers;
  std::optional<std::int64_t> hidden_size;
  std::optional<std::int64_t> num_attention_heads;
  std::optional<std::int64_t> num_key_value_heads;
  std::optional<std::string> num_key_value_heads_source;  // config | derived
  std::optional<std::int64_t> head_dim;
  std::optional<std::string> head_dim_source;  // config | derived
  std::optional<std::int64_t> intermediate_size;
  std::optional<std::int64_t> vocab_size;
  std::optional<std::int64_t> max_position_embeddings;
  std::optional<bool> tie_word_embeddings;
  std::optional<std::string> tie_word_embeddings_source;  // config | class_default (left out when unset)
  std::optional<std::string> attention;                   // mha | gqa | mqa | mla (left out when unset)
  core::Json mla = core::Json(nullptr);                   // the MLA config keys as written, null when not MLA
  std::optional<std::int64_t> mtp_layers;
  bool operator==(const Architecture&) const = default;
};

// `moe`: only is_moe for a dense model. For an MoE model experts_per_token and the two
// intermediate sizes are written (null when unknown), the rest when known.
struct Moe {
  bool is_moe = false;
  std::optional<std::int64_t> num_experts;
  std::optional<std::int64_t> experts_per_token;
  std::optional<std::int64_t> shared_experts;
  std::optional<std::int64_t> moe_intermediate_size;
  std::optional<std::int64_t> shared_expert_intermediate_size;
  std::optional<std::string> moe_layers;  // ranges "1-3,5"
  std::optional<std::string> dense_layers;
  std::optional<std::int64_t> moe_layer_count;
  std::optional<std::int64_t> dense_layer_count;
  std::optional<std::string> layer_rule;
  std::optional<std::string> expert_tensors;            // per_expert | fused | mixed | none | unknown
  std::optional<std::string> checkpoint_expert_layers;  // ranges, when the headers were read
  bool operator==(const Moe&) const = default;
};

// A multimodal tower (vision, audio).
struct Tower {
  std::string kind;
  std::string config_key;
  std::optional<std::string> model_type;  // null when unknown
  std::optional<std::int64_t> hidden_size;
  std::optional<std::int64_t> num_layers;
  std::optional<std::int64_t> linear_parameters;  // left out without an inventory
  std::optional<std::int64_t> linear_modules;
  bool operator==(const Tower&) const = default;
};

struct Multimodal {
  bool is_multimodal = false;
  std::optional<std::string> text_config_key;  // null when the config is not nested
  std::vector<Tower> towers;
  bool operator==(const Multimodal&) const = default;
};

// Tensors stored pre-quantized, by name template.
struct PrequantizedRecord {
  std::string name;
  std::string module;
  std::int64_t tensors = 0;
  std::int64_t bytes = 0;
  bool module_counted = false;  // false: the weights it holds are in no linear-module count
  bool operator==(const PrequantizedRecord&) const = default;
};

struct PreQuantized {
  bool present = false;
  std::optional<std::string> quant_method;  // config.json's quantization_config
  std::optional<std::string> detail;
  std::optional<std::vector<PrequantizedRecord>> tensors;  // with an inventory
  std::optional<std::int64_t> uncounted_tensors;
  std::optional<std::int64_t> uncounted_bytes;
  bool operator==(const PreQuantized&) const = default;
};

// The names a Quark release's template for the model type gives.
struct TemplateNames {
  std::vector<std::string> exclude_layers_name;
  std::vector<std::string> kv_layers_name;
  std::vector<std::string> q_layer_name;
  std::vector<std::string> gate_up_layers_name;
  bool operator==(const TemplateNames&) const = default;
};

struct QuarkTemplateRecord {
  std::string quark_version;
  bool has_template = false;
  bool verified = false;               // the release's list was read for that release
  std::optional<TemplateNames> names;  // when it has one
  bool operator==(const QuarkTemplateRecord&) const = default;
};

struct AnalysisFiles {
  std::optional<std::string> weights_format;  // safetensors | pytorch_bin | none
  std::vector<std::string> safetensors_shards;
  std::vector<std::string> missing_shards;
  bool has_index = false;
  bool has_generation_config = false;
  std::vector<std::string> tokenizer_files;
  std::int64_t file_count = 0;
  std::optional<std::int64_t> total_bytes;  // null when a listed size is unknown
  bool operator==(const AnalysisFiles&) const = default;
};

struct TensorTotals {
  std::int64_t tensors = 0;
  std::int64_t parameters = 0;
  std::int64_t bytes = 0;
  bool operator==(const TensorTotals&) const = default;
};
using TotalsByDtype = std::map<std::string, TensorTotals>;

struct RoleCounts {
  std::int64_t linear_modules = 0;
  std::int64_t quantized_modules = 0;
  std::int64_t parameters = 0;
  bool operator==(const RoleCounts&) const = default;
};

struct ParameterCounts {
  std::int64_t total = 0;
  std::int64_t linear = 0;
  std::int64_t quantized = 0;
  bool operator==(const ParameterCounts&) const = default;
};

// A module an analysis lists by name (quantization_targets.modules), as analyses made without
// intake's inventory give them: an element may be the bare name, whose role the planner infers.
struct ListedModule {
  std::string name;
  std::optional<std::string> role;  // unset: written back as the bare name
  bool operator==(const ListedModule&) const = default;
};

// `quantization_targets`: what Quark will quantize. The counts and method come from the
// exact inventory or, without one, the config estimate (estimate_method; has_non_linear_experts
// then null); has_non_linear_experts is written whenever a method is.
struct QuantizationTargets {
  std::vector<std::string> exclude_defaults;
  std::string exclude_defaults_source;
  std::optional<std::int64_t> linear_layer_count;
  std::optional<std::int64_t> quantized_layer_count;
  std::optional<std::int64_t> excluded_layer_count;
  std::optional<std::string> method;  // safetensors_headers | model_oracle | config_estimate
  std::optional<std::string> estimate_method;
  std::optional<bool> has_non_linear_experts;
  std::optional<bool> has_conv1d;
  std::optional<std::map<std::string, RoleCounts>> by_role;
  std::optional<ParameterCounts> parameters;
  std::optional<TotalsByDtype> linear_by_dtype;
  bool needs_moe_preparation = false;
  // Intake writes the inventory instead; an analysis without one may list its modules here.
  std::optional<std::vector<ListedModule>> modules;
  bool operator==(const QuantizationTargets&) const = default;
};

// A group of modules of one name template (intake/inventory.h encodes and expands them).
struct InventoryGroupRecord {
  std::string name;
  std::optional<std::vector<std::vector<std::string>>> indices;  // per block, one range list per {}
  bool literal = false;                                          // the name's braces are not placeholders
  std::int64_t count = 0;
  std::string role;
  std::string kind;
  std::string dtype;
  std::vector<std::int64_t> shape;
  std::int64_t linear_modules = 0;
  bool quantized = false;
  bool tied = false;
  bool operator==(const InventoryGroupRecord&) const = default;
};

struct Inventory {
  std::string source;  // safetensors_headers | model_oracle
  std::int64_t shards = 0;
  std::int64_t tensor_count = 0;
  std::int64_t module_count = 0;
  std::int64_t header_bytes = 0;
  std::int64_t declared_bytes = 0;
  TotalsByDtype by_dtype;
  std::vector<InventoryGroupRecord> groups;
  bool operator==(const Inventory&) const = default;
};

// A risk as recorded: the English text beside the catalog id and its arguments.
struct AnalysisRisk {
  std::string severity;  // low | medium | high
  std::string message;
  std::optional<std::string> recovery_hint;
  std::optional<std::string> id;
  std::vector<core::MessageArg> args;
  bool makes_partial = false;
  bool operator==(const AnalysisRisk& other) const;  // core::MessageArg has no comparison of its own
};

struct OracleForwardRecord {
  std::string status;  // ok | failed | inconclusive
  std::optional<std::string> error;
  std::optional<std::string> function;
  std::optional<std::string> where;
  bool operator==(const OracleForwardRecord&) const = default;
};

struct ModelOracle {
  std::string status;  // not_asked | unavailable | answered
  std::optional<std::string> versions;
  std::optional<std::string> reason;
  std::optional<OracleForwardRecord> forward;
  bool operator==(const ModelOracle&) const = default;
};

// `template`: whether a Quark template exists for the model and its KV-cache layers, as an
// analysis made without a Quark template list states them (intake records quark_templates
// instead, and does not write this section).
struct AnalysisTemplate {
  std::optional<bool> available;
  std::optional<std::vector<std::string>> kv_layers_name;
  bool operator==(const AnalysisTemplate&) const = default;
};

struct ModelAnalysis {
  std::string artifact = "model_analysis";
  std::int64_t schema_version = 1;
  std::optional<std::string> quark_ptq_version;
  std::string analysis_status;  // complete | partial
  std::optional<AnalysisSource> source;
  AnalysisModel model;
  Architecture architecture;
  Moe moe;
  Multimodal multimodal;
  PreQuantized pre_quantized;
  std::vector<QuarkTemplateRecord> quark_templates;
  AnalysisFiles files;
  QuantizationTargets quantization_targets;
  std::optional<Inventory> inventory;  // null when only an estimate exists
  std::vector<std::string> missing_facts;
  std::vector<AnalysisRisk> risks;
  std::optional<ModelOracle> model_oracle;
  std::optional<AnalysisTemplate> template_info;  // "template", left out when unset
  bool operator==(const ModelAnalysis&) const = default;

  // bad_input "artifacts.field_invalid" naming the field (as a path) whose type is wrong.
  // Reads the current spelling only: an older document goes through upgrade_model_analysis
  // (analysis_upgrade.h) first.
  static core::Result<ModelAnalysis> from_json(const core::Json& doc);
  core::Json to_json() const;
};

// The encodings of the parts that intake also encodes on their own (the inventory's groups,
// the risks), so that they are written in one place.
core::Json to_json(const InventoryGroupRecord& group);
core::Json to_json(const std::vector<AnalysisRisk>& risks);

}  // namespace artifacts
