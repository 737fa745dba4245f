#include "intake/analysis_file.h"

#include "artifacts/analysis_upgrade.h"

namespace intake {

namespace {

bool add(std::int64_t& sum, std::int64_t n) { return !__builtin_add_overflow(sum, n, &sum); }

// intake's exact inventory (safetensors headers): inventory.by_dtype totals, and the groups
// Quark will quantize (count x product of the weight shape). The workdir is input: sums or
// products that do not fit int64 (an edited analysis; analysis_fuzz found one) make that
// total unknown, never a wrapped number.
void read_inventory(ModelSize& s, const artifacts::Inventory& inv) {
  std::int64_t params = 0;
  std::int64_t bytes = 0;
  bool params_fit = true;
  bool bytes_fit = true;
  for (const auto& [dtype, t] : inv.by_dtype) {
    params_fit = params_fit && add(params, t.parameters);
    bytes_fit = bytes_fit && add(bytes, t.bytes);
  }
  if (params_fit && params > 0) s.total_parameters = params;
  if (bytes_fit && bytes > 0) s.weight_bytes = bytes;
  std::int64_t quantized = 0;
  std::int64_t experts = 0;
  std::int64_t linears = 0;
  for (const auto& g : inv.groups) {
    std::int64_t n = g.count;
    std::int64_t modules = 0;
    if (g.quantized && (__builtin_mul_overflow(n, g.linear_modules, &modules) || !add(linears, modules))) return;
    for (const std::int64_t d : g.shape) {
      if (__builtin_mul_overflow(n, d, &n)) return;
    }
    if (g.quantized && !add(quantized, n)) return;
    if (g.role == "experts" && !add(experts, n)) return;
  }
  if (quantized > 0) s.quantizable_parameters = quantized;
  s.expert_parameters = experts;
  s.quantized_linear_modules = linears;
}

// Parameter counts: the exact inventory when intake recorded one, else config arithmetic.
ModelSize size_of(const artifacts::ModelAnalysis& a) {
  ModelSize s;
  const artifacts::Architecture& arch = a.architecture;
  s.hidden_size = arch.hidden_size.value_or(0);
  s.intermediate_size = arch.intermediate_size.value_or(0);
  s.num_layers = arch.num_hidden_layers.value_or(0);
  s.num_attention_heads = arch.num_attention_heads.value_or(0);
  s.num_key_value_heads = arch.num_key_value_heads.value_or(0);
  s.head_dim = arch.head_dim.value_or(0);
  s.tied_embeddings = arch.tie_word_embeddings.value_or(false);
  s.vocab_size = arch.vocab_size.value_or(0);
  s.num_experts = a.moe.num_experts.value_or(0);
  s.moe_intermediate_size = a.moe.moe_intermediate_size.value_or(0);
  s.experts_per_token = a.moe.experts_per_token.value_or(0);
  s.dtype = a.model.dtype.value_or("");
  if (a.inventory) read_inventory(s, *a.inventory);
  s.source = s.total_parameters > 0 ? "model_analysis inventory" : "config arithmetic";
  return s;
}

}  // namespace

std::optional<std::string> AnalysisFile::pinned_commit() const {
  if (source) {
    if (auto c = source->identity_commit()) return c;
  }
  return resolved_commit;
}

AnalysisFile analysis_file(const artifacts::ModelAnalysis& a) {
  AnalysisFile f;
  f.model_path = a.model.model_path;
  f.model_type = a.model.model_type;
  f.trust_remote_code = a.model.trust_remote_code;
  if (a.model.remote_code) {
    f.tokenizer_code = a.model.remote_code->tokenizer_auto_map;
    f.config_code = a.model.remote_code->config_auto_map;
  }
  f.analysis_status = a.analysis_status;
  f.source = a.source;
  if (a.source) {
    f.revision = a.source->revision;
    f.resolved_commit = a.source->commit;
  }
  f.tokenizer_files = a.files.tokenizer_files;
  f.exclude_defaults = a.quantization_targets.exclude_defaults;
  f.size = size_of(a);
  return f;
}

core::Result<AnalysisFile> read_analysis_file(const core::Json& doc) {
  QPTQ_TRY_ASSIGN(artifacts::ModelAnalysis a, artifacts::read_model_analysis(doc));
  return analysis_file(a);
}

}  // namespace intake
