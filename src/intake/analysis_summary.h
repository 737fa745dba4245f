// model_analysis.json as its summary table shows it (analyze, and start at checkpoint 1): the
// fields the table prints, taken from the typed document. A field printed as recorded is
// text: a string as it is, a number in decimal, "?" when the artifact does not record it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "artifacts/model_analysis.h"

namespace intake {

struct MoeSummary {
  std::string experts, experts_per_token, shared_experts, moe_layers, dense_layers, expert_tensors;
};

struct TowerSummary {  // a multimodal tower
  std::string kind, config_key, hidden_size, num_layers;
};

struct TemplateSummary {  // whether a Quark release ships a template for the model type
  std::string quark_version;
  bool has_template = false;
};

struct CheckpointSummary {  // the inventory of the checkpoint's files
  std::string tensors, shards, parameters;
  std::int64_t declared_bytes = 0;
};

struct PrequantizedSummary {
  std::uint64_t tensors = 0;                 // every pre-quantized tensor
  std::string uncounted_tensors;             // pre_quantized.uncounted_tensors as recorded
  std::vector<std::string> uncounted_names;  // prequantized_name() of those in no module count
};

struct AnalysisSummary {
  std::string analysis_status;
  std::string model_path, model_type, loading_class, dtype;
  std::string hidden_layers, hidden_size, attention_heads, key_value_heads, vocab_size, max_positions;
  std::optional<MoeSummary> moe;  // when moe.is_moe is true
  std::vector<TowerSummary> towers;
  std::string linear_layers, method, quantized_layers;
  std::vector<std::string> exclusions;  // quantization_targets.exclude_defaults
  std::vector<TemplateSummary> templates;
  std::optional<CheckpointSummary> checkpoint;
  std::optional<PrequantizedSummary> pre_quantized;  // when the checkpoint stores any
  bool remote_code_required = false;
};

AnalysisSummary summarize_analysis(const artifacts::ModelAnalysis& analysis);

}  // namespace intake
