#include "intake/analysis_summary.h"

#include "intake/linear_inventory.h"

namespace intake {

namespace {

// The value at `path` as the table prints it.
std::string field_text(const core::Json& j, std::string_view path) {
  const core::Json* v = core::json_at(j, path);
  if (v == nullptr || v->is_null()) return "?";
  if (v->is_string()) return v->get<std::string>();
  return v->dump();
}

bool is_true(const core::Json& j, std::string_view path) {
  const core::Json* v = core::json_at(j, path);
  return v != nullptr && v->is_boolean() && v->get<bool>();
}

std::optional<PrequantizedSummary> prequantized_summary(const core::Json& a) {
  const core::Json* pq = core::json_at(a, "pre_quantized/tensors");
  if (pq == nullptr || !pq->is_array() || pq->empty()) return std::nullopt;
  PrequantizedSummary s;
  for (const auto& t : *pq) {
    s.tensors += static_cast<std::uint64_t>(core::json_int(t, "tensors").value_or(0));
    if (core::json_bool(t, "module_counted").value_or(true)) continue;
    PrequantizedTensors shown;
    shown.templ = core::json_string(t, "name").value_or("?");
    shown.totals.tensors = static_cast<std::uint64_t>(core::json_int(t, "tensors").value_or(0));
    s.uncounted_names.push_back(prequantized_name(shown));
  }
  s.uncounted_tensors = field_text(a, "pre_quantized/uncounted_tensors");
  return s;
}

}  // namespace

AnalysisSummary summarize_analysis(const core::Json& a) {
  AnalysisSummary s;
  s.analysis_status = field_text(a, "analysis_status");
  s.model_path = field_text(a, "model/model_path");
  s.model_type = field_text(a, "model/model_type");
  s.loading_class = field_text(a, "model/loading_class");
  s.dtype = field_text(a, "model/dtype");
  s.hidden_layers = field_text(a, "architecture/num_hidden_layers");
  s.hidden_size = field_text(a, "architecture/hidden_size");
  s.attention_heads = field_text(a, "architecture/num_attention_heads");
  s.key_value_heads = field_text(a, "architecture/num_key_value_heads");
  s.vocab_size = field_text(a, "architecture/vocab_size");
  s.max_positions = field_text(a, "architecture/max_position_embeddings");
  if (is_true(a, "moe/is_moe")) {
    s.moe = MoeSummary{field_text(a, "moe/num_experts"), field_text(a, "moe/experts_per_token"), field_text(a, "moe/shared_experts"),
                       field_text(a, "moe/moe_layers"),  field_text(a, "moe/dense_layers"),      field_text(a, "moe/expert_tensors")};
  }
  if (const core::Json* towers = core::json_at(a, "multimodal/towers"); towers != nullptr && !towers->empty()) {
    for (const auto& t : *towers)
      s.towers.push_back({field_text(t, "kind"), field_text(t, "config_key"), field_text(t, "hidden_size"), field_text(t, "num_layers")});
  }
  s.linear_layers = field_text(a, "quantization_targets/linear_layer_count");
  s.method = field_text(a, "quantization_targets/method");
  s.quantized_layers = field_text(a, "quantization_targets/quantized_layer_count");
  if (const core::Json* ex = core::json_at(a, "quantization_targets/exclude_defaults"); ex != nullptr && ex->is_array()) {
    for (const auto& v : *ex) s.exclusions.push_back(v.is_string() ? v.get<std::string>() : v.dump());
  }
  if (const core::Json* qt = core::json_at(a, "quark_templates")) {
    for (const auto& t : *qt) s.templates.push_back({field_text(t, "quark_version"), core::json_bool(t, "has_template").value_or(false)});
  }
  if (const core::Json* inv = core::json_object(a, "inventory")) {
    s.checkpoint =
        CheckpointSummary{field_text(*inv, "tensor_count"), field_text(*inv, "shards"),
                          field_text(a, "quantization_targets/parameters/total"), core::json_int(*inv, "declared_bytes").value_or(0)};
  }
  s.pre_quantized = prequantized_summary(a);
  s.remote_code_required = is_true(a, "model/remote_code/required");
  return s;
}

}  // namespace intake
