// model_analysis.json as the later steps take it: which model, from where, at which revision,
// with which tokenizer files and template exclusions, and its size for the estimate. A view
// over artifacts::ModelAnalysis (the one reader of the artifact, older spellings upgraded
// there); the planner's own reading of the inventory and the risks stays with the planner,
// which owns what they mean for a plan.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "artifacts/model_analysis.h"
#include "core/json_io.h"
#include "core/result.h"

namespace intake {

// "source": where intake found the model.
using AnalysisSource = artifacts::AnalysisSource;

// The model's size as the estimate needs it: the exact inventory when intake recorded one,
// else the architecture's numbers for config arithmetic. Zero means unknown.
struct ModelSize {
  std::int64_t total_parameters = 0;
  std::int64_t quantizable_parameters = 0;  // parameters of the Linear layers to quantize
  std::int64_t weight_bytes = 0;            // checkpoint bytes in its own dtype
  std::int64_t expert_parameters = 0;       // MoE expert weights (inventory groups with role experts)
  std::string dtype;                        // "bfloat16", ...
  std::int64_t hidden_size = 0;
  std::int64_t intermediate_size = 0;
  std::int64_t num_layers = 0;
  std::int64_t num_attention_heads = 0;
  std::int64_t num_key_value_heads = 0;
  std::int64_t head_dim = 0;
  std::int64_t vocab_size = 0;
  bool tied_embeddings = false;
  std::int64_t num_experts = 0;
  std::int64_t moe_intermediate_size = 0;  // per expert
  std::int64_t experts_per_token = 0;      // routed experts each token passes through (0: unknown)
  // Linear modules Quark quantizes (inventory: count x linear_modules of the quantized groups,
  // fused experts as the Linears Quark unfuses them into); 0: unknown
  std::int64_t quantized_linear_modules = 0;
  std::string source;  // where the numbers came from (for the manifest)
};

struct AnalysisFile {
  std::string model_path;  // model.model_path: a directory, or the Hub repo id
  std::string model_type;
  bool trust_remote_code = false;
  // The repository's own code that quark-cli runs whatever --no_trust_remote_code says (its
  // tokenizer load trusts remote code and follows both files' auto_map):
  // model.remote_code.tokenizer_auto_map, the classes tokenizer_config.json names, and
  // model.remote_code.config_auto_map, config.json's "KEY: module.Class" entries.
  std::vector<std::string> tokenizer_code;
  std::vector<std::string> config_code;
  std::string analysis_status;                 // complete | partial
  std::optional<AnalysisSource> source;        // unset in an analysis without one
  std::optional<std::string> revision;         // the Hub revision asked for ("main" when none was)
  std::optional<std::string> resolved_commit;  // what it resolved to (source.commit)
  std::vector<std::string> tokenizer_files;    // files.tokenizer_files
  std::vector<std::string> exclude_defaults;   // quantization_targets.exclude_defaults
  ModelSize size;

  // The commit the model is pinned to: the recorded identity's, else the resolved one.
  std::optional<std::string> pinned_commit() const;
};

AnalysisFile analysis_file(const artifacts::ModelAnalysis& analysis);
// The document as any release wrote it; artifacts.field_invalid naming a field of the wrong type.
core::Result<AnalysisFile> read_analysis_file(const core::Json& doc);

}  // namespace intake
