#include "intake/analysis_summary.h"

#include "intake/linear_inventory.h"

namespace intake {

namespace {

std::string shown(const std::string& s) { return s.empty() ? "?" : s; }
std::string shown(const std::optional<std::string>& s) { return s ? *s : "?"; }
std::string shown(const std::optional<std::int64_t>& n) { return n ? std::to_string(*n) : "?"; }

std::optional<PrequantizedSummary> prequantized_summary(const artifacts::PreQuantized& pq) {
  if (!pq.tensors || pq.tensors->empty()) return std::nullopt;
  PrequantizedSummary s;
  for (const auto& t : *pq.tensors) {
    s.tensors += static_cast<std::uint64_t>(t.tensors);
    if (t.module_counted) continue;
    PrequantizedTensors named;
    named.templ = shown(t.name);
    named.totals.tensors = static_cast<std::uint64_t>(t.tensors);
    s.uncounted_names.push_back(prequantized_name(named));
  }
  s.uncounted_tensors = shown(pq.uncounted_tensors);
  return s;
}

}  // namespace

AnalysisSummary summarize_analysis(const artifacts::ModelAnalysis& a) {
  AnalysisSummary s;
  s.analysis_status = shown(a.analysis_status);
  s.model_path = shown(a.model.model_path);
  s.model_type = shown(a.model.model_type);
  s.loading_class = shown(a.model.loading_class);
  s.dtype = shown(a.model.dtype);
  const artifacts::Architecture& arch = a.architecture;
  s.hidden_layers = shown(arch.num_hidden_layers);
  s.hidden_size = shown(arch.hidden_size);
  s.attention_heads = shown(arch.num_attention_heads);
  s.key_value_heads = shown(arch.num_key_value_heads);
  s.vocab_size = shown(arch.vocab_size);
  s.max_positions = shown(arch.max_position_embeddings);
  if (a.moe.is_moe) {
    const artifacts::Moe& m = a.moe;
    s.moe = MoeSummary{shown(m.num_experts), shown(m.experts_per_token), shown(m.shared_experts),
                       shown(m.moe_layers),  shown(m.dense_layers),      shown(m.expert_tensors)};
  }
  for (const auto& t : a.multimodal.towers)
    s.towers.push_back({shown(t.kind), shown(t.config_key), shown(t.hidden_size), shown(t.num_layers)});
  const artifacts::QuantizationTargets& qt = a.quantization_targets;
  s.linear_layers = shown(qt.linear_layer_count);
  s.method = shown(qt.method);
  s.quantized_layers = shown(qt.quantized_layer_count);
  s.exclusions = qt.exclude_defaults;
  for (const auto& t : a.quark_templates) s.templates.push_back({shown(t.quark_version), t.has_template});
  if (a.inventory) {
    s.checkpoint = CheckpointSummary{std::to_string(a.inventory->tensor_count), std::to_string(a.inventory->shards),
                                     qt.parameters ? std::to_string(qt.parameters->total) : "?", a.inventory->declared_bytes};
  }
  s.pre_quantized = prequantized_summary(a.pre_quantized);
  s.remote_code_required = a.model.remote_code && a.model.remote_code->required;
  return s;
}

}  // namespace intake
