// What the installed transformers and Quark make of a model's config.json, asked of the real
// libraries: the oracle script (knowledge/probes/model_oracle.py, embedded) builds the model on
// the meta device in the pinned environment, runs Quark's own MoE preparation and reports every
// nn.Linear Quark will quantize, the weight-holding modules that are not nn.Linear (routers,
// embeddings), the fused experts Quark replaced, the state-dict keys and shapes as
// transformers saves them, the installed conversion mapping (checkpoint key renames), tied
// weights and the library versions. The script header documents its JSON; this is the typed
// reading of it.
//
// Users: intake (the exact Linear set instead of the config estimate), the planner checks
// (in_features per quantized layer, routers, k/v projections) and the verifier (names mapped
// through `checkpoint` and `renames`; routers are not layers the plan quantizes).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/result.h"

namespace oracle {

struct LibraryVersions {
  std::string python, torch, transformers, amd_quark;
  bool operator==(const LibraryVersions&) const = default;
  // "torch=2.11.0 transformers=5.16.1 amd-quark=0.13": part of the cache key.
  std::string key() const;
};

struct LinearModule {
  std::string name;  // as Quark sees it (after transformers' load-time renames and MoE preparation)
  std::int64_t in_features = 0;
  std::int64_t out_features = 0;
  bool bias = false;
  bool from_moe_preparation = false;      // made by Quark from a fused-experts module
  std::optional<std::string> checkpoint;  // the module's name in the saved checkpoint, when one tensor is it
  bool operator==(const LinearModule&) const = default;
};

struct ParameterShape {
  std::string name;
  std::vector<std::int64_t> shape;
  bool operator==(const ParameterShape&) const = default;
};

// A module with parameters of its own that is not nn.Linear (norms are left out).
struct NonLinearModule {
  std::string name;
  std::string class_name;  // e.g. MixtralTopKRouter, DeepseekV2TopkRouter, Embedding
  std::string kind;        // router, embedding, conv1d, other
  std::vector<ParameterShape> parameters;
  bool operator==(const NonLinearModule&) const = default;
};

// A fused-experts module Quark replaced with per-expert nn.Linear modules.
struct PreparedModule {
  std::string name;
  std::string from_class;                  // e.g. MixtralExperts
  std::string to_class;                    // e.g. QuarkExperts
  std::vector<ParameterShape> parameters;  // as transformers holds them, before the replacement
  bool operator==(const PreparedModule&) const = default;
};

struct CheckpointTensor {
  std::string name;  // the key transformers writes in model.safetensors
  std::vector<std::int64_t> shape;
  std::string dtype;  // torch's name: bfloat16, float32, ...
  bool operator==(const CheckpointTensor&) const = default;
};

// One transform of the conversion mapping, in the load direction (checkpoint -> model).
struct WeightTransform {
  std::string type;  // WeightRenaming, WeightConverter, ...
  std::vector<std::string> source_patterns;
  std::vector<std::string> target_patterns;
  std::vector<std::string> operations;  // e.g. "MergeModulelist(dim=0)"
  std::optional<std::string> scope_prefix;
  bool operator==(const WeightTransform&) const = default;
};

// A forward pass of the prepared model on the meta device (the script's "forward"): the
// installed libraries' code path without data. `failed` means an error no data avoids (quark-cli
// fails the same way, e.g. DbrxAttention clamping with clip_qkv null); `inconclusive` means the
// meta device stopped it (MoE routing's nonzero, .item()).
struct ForwardCheck {
  enum class Status { ok, failed, inconclusive };
  Status status = Status::inconclusive;
  std::string error;     // "ValueError: clamp called but both min and max are none!"
  std::string function;  // innermost transformers / Quark frame: "DbrxAttention.forward"
  std::string where;     // "transformers/models/dbrx/modeling_dbrx.py:216"
  bool operator==(const ForwardCheck&) const = default;
};

struct ModelOracle {
  std::string config_sha256;  // of the config.json bytes the answer is for
  std::string model_type;
  std::optional<std::string> text_model_type;
  std::string model_class;  // e.g. MixtralForCausalLM
  std::string class_rule;   // how the class was chosen
  std::vector<LinearModule> linear_modules;
  std::vector<NonLinearModule> non_linear_modules;
  std::vector<PreparedModule> moe_preparation;
  std::vector<CheckpointTensor> checkpoint_tensors;  // sorted by name
  std::vector<WeightTransform> renames;
  std::map<std::string, std::string> tied_weights;  // tied parameter -> the one it shares
  std::optional<ForwardCheck> forward;              // absent in answers from before the check
  bool operator==(const ModelOracle&) const = default;

  const LinearModule* find_linear(std::string_view name) const;
  // The non-Linear modules of kind "router".
  std::vector<const NonLinearModule*> routers() const;
};

// The libraries declined the config; nothing was run from the model's repository.
struct OracleRefusal {
  std::string code;    // config_unreadable, unknown_model_type, remote_code_required, no_model_class,
                       // build_failed, moe_preparation_failed
  std::string detail;  // the libraries' own words
  bool operator==(const OracleRefusal&) const = default;
};

using OracleAnswer = std::variant<ModelOracle, OracleRefusal>;

// One oracle run: the versions it ran with and one answer per config, in the order asked.
struct OracleReport {
  LibraryVersions versions;
  double import_seconds = 0;
  std::vector<OracleAnswer> answers;
};

// The script's JSON. Errors: internal "oracle.output_invalid" naming `source`.
core::Result<OracleReport> parse_oracle_output(std::string_view json_text, std::string_view source);

// One model document (an element of "models") with the report's versions.
core::Result<OracleAnswer> parse_oracle_model(std::string_view json_text, std::string_view source);

}  // namespace oracle
