// ModelAnalysis::to_json: the one encoding of model_analysis.json. Keys are written in the
// order the artifact has always had (core::Json keeps insertion order), so that an analysis
// of the same model is byte for byte the same document.
#include "artifacts/model_analysis.h"

#include "artifacts/json_write.h"

namespace artifacts {

namespace {

core::Json totals_json(const TotalsByDtype& m) {
  core::Json out = core::Json::object();
  for (const auto& [dtype, t] : m) out[dtype] = {{"tensors", t.tensors}, {"parameters", t.parameters}, {"bytes", t.bytes}};
  return out;
}

core::Json source_json(const AnalysisSource& s) {
  core::Json out = {{"kind", s.kind}, {"input", s.input}};
  put_if(out, "repo_id", s.repo_id);
  put_if(out, "revision", s.revision);
  put_if(out, "commit", s.commit);
  put_if(out, "endpoint", s.endpoint);
  put_if(out, "snapshot_dir", s.snapshot_dir);
  out["offline"] = s.offline;
  if (!s.identity.is_null()) out["identity"] = s.identity;
  return out;
}

core::Json model_json(const AnalysisModel& m) {
  core::Json out = {{"model_path", m.model_path},
                    {"model_type", m.model_type},
                    {"text_model_type", or_null(m.text_model_type)},
                    {"architectures", m.architectures}};
  put_if(out, "loading_class", m.loading_class);
  out["trust_remote_code"] = m.trust_remote_code;
  if (m.remote_code) {
    const RemoteCode& rc = *m.remote_code;
    out["remote_code"] = {{"auto_map", rc.auto_map},
                          {"transformers_implements_model_type", rc.transformers_implements_model_type},
                          {"required", rc.required},
                          {"tokenizer_auto_map", rc.tokenizer_auto_map},
                          {"config_auto_map", rc.config_auto_map}};
  }
  out["transformers_version"] = or_null(m.transformers_version);
  out["transformers_version_required"] = or_null(m.transformers_version_required);
  out["dtype"] = or_null(m.dtype);
  return out;
}

core::Json architecture_json(const Architecture& a) {
  core::Json out = {
      {"num_hidden_layers", or_null(a.num_hidden_layers)},
      {"hidden_size", or_null(a.hidden_size)},
      {"num_attention_heads", or_null(a.num_attention_heads)},
      {"num_key_value_heads", or_null(a.num_key_value_heads)},
      {"num_key_value_heads_source", or_null(a.num_key_value_heads_source)},
      {"head_dim", or_null(a.head_dim)},
      {"head_dim_source", or_null(a.head_dim_source)},
      {"intermediate_size", or_null(a.intermediate_size)},
      {"vocab_size", or_null(a.vocab_size)},
      {"max_position_embeddings", or_null(a.max_position_embeddings)},
      {"tie_word_embeddings", or_null(a.tie_word_embeddings)},
  };
  put_if(out, "tie_word_embeddings_source", a.tie_word_embeddings_source);
  put_if(out, "attention", a.attention);
  out["mla"] = a.mla;
  out["mtp_layers"] = or_null(a.mtp_layers);
  return out;
}

core::Json moe_json(const Moe& m) {
  core::Json out = {{"is_moe", m.is_moe}};
  if (!m.is_moe) return out;
  put_if(out, "num_experts", m.num_experts);
  out["experts_per_token"] = or_null(m.experts_per_token);
  put_if(out, "shared_experts", m.shared_experts);
  out["moe_intermediate_size"] = or_null(m.moe_intermediate_size);
  out["shared_expert_intermediate_size"] = or_null(m.shared_expert_intermediate_size);
  put_if(out, "moe_layers", m.moe_layers);
  put_if(out, "dense_layers", m.dense_layers);
  put_if(out, "moe_layer_count", m.moe_layer_count);
  put_if(out, "dense_layer_count", m.dense_layer_count);
  put_if(out, "layer_rule", m.layer_rule);
  put_if(out, "expert_tensors", m.expert_tensors);
  put_if(out, "checkpoint_expert_layers", m.checkpoint_expert_layers);
  return out;
}

core::Json multimodal_json(const Multimodal& m) {
  core::Json towers = core::Json::array();
  for (const Tower& t : m.towers) {
    core::Json one = {{"kind", t.kind},
                      {"config_key", t.config_key},
                      {"model_type", or_null(t.model_type)},
                      {"hidden_size", or_null(t.hidden_size)},
                      {"num_layers", or_null(t.num_layers)}};
    put_if(one, "linear_parameters", t.linear_parameters);
    put_if(one, "linear_modules", t.linear_modules);
    towers.push_back(std::move(one));
  }
  return {{"is_multimodal", m.is_multimodal}, {"text_config_key", or_null(m.text_config_key)}, {"towers", std::move(towers)}};
}

core::Json pre_quantized_json(const PreQuantized& p) {
  core::Json out = {{"present", p.present}};
  put_if(out, "quant_method", p.quant_method);
  put_if(out, "detail", p.detail);
  if (p.tensors) {
    core::Json tensors = core::Json::array();
    for (const PrequantizedRecord& t : *p.tensors) {
      tensors.push_back(
          {{"name", t.name}, {"module", t.module}, {"tensors", t.tensors}, {"bytes", t.bytes}, {"module_counted", t.module_counted}});
    }
    out["tensors"] = std::move(tensors);
  }
  put_if(out, "uncounted_tensors", p.uncounted_tensors);
  put_if(out, "uncounted_bytes", p.uncounted_bytes);
  return out;
}

core::Json templates_json(const std::vector<QuarkTemplateRecord>& list) {
  core::Json out = core::Json::array();
  for (const QuarkTemplateRecord& t : list) {
    core::Json one = {{"quark_version", t.quark_version}, {"has_template", t.has_template}, {"verified", t.verified}};
    if (t.names) {
      one["exclude_layers_name"] = t.names->exclude_layers_name;
      one["kv_layers_name"] = t.names->kv_layers_name;
      one["q_layer_name"] = t.names->q_layer_name;
      one["gate_up_layers_name"] = t.names->gate_up_layers_name;
    }
    out.push_back(std::move(one));
  }
  return out;
}

core::Json files_json(const AnalysisFiles& f) {
  core::Json out = core::Json::object();
  put_if(out, "weights_format", f.weights_format);
  out["safetensors_shards"] = f.safetensors_shards;
  out["missing_shards"] = f.missing_shards;
  out["has_index"] = f.has_index;
  out["has_generation_config"] = f.has_generation_config;
  out["tokenizer_files"] = f.tokenizer_files;
  out["file_count"] = f.file_count;
  out["total_bytes"] = or_null(f.total_bytes);
  return out;
}

core::Json targets_json(const QuantizationTargets& t) {
  core::Json out = {{"exclude_defaults", t.exclude_defaults}, {"exclude_defaults_source", t.exclude_defaults_source}};
  put_if(out, "linear_layer_count", t.linear_layer_count);
  put_if(out, "quantized_layer_count", t.quantized_layer_count);
  put_if(out, "excluded_layer_count", t.excluded_layer_count);
  put_if(out, "method", t.method);
  put_if(out, "estimate_method", t.estimate_method);
  // Known from the inventory; an estimate cannot tell (null).
  if (t.method) out["has_non_linear_experts"] = or_null(t.has_non_linear_experts);
  put_if(out, "has_conv1d", t.has_conv1d);
  if (t.by_role) {
    core::Json roles = core::Json::object();
    for (const auto& [role, c] : *t.by_role) {
      roles[role] = {{"linear_modules", c.linear_modules}, {"quantized_modules", c.quantized_modules}, {"parameters", c.parameters}};
    }
    out["by_role"] = std::move(roles);
  }
  if (t.parameters)
    out["parameters"] = {{"total", t.parameters->total}, {"linear", t.parameters->linear}, {"quantized", t.parameters->quantized}};
  if (t.linear_by_dtype) out["linear_by_dtype"] = totals_json(*t.linear_by_dtype);
  out["needs_moe_preparation"] = t.needs_moe_preparation;
  if (t.modules) {
    core::Json modules = core::Json::array();
    for (const ListedModule& m : *t.modules) {
      if (!m.role) {
        modules.push_back(m.name);
        continue;
      }
      modules.push_back({{"name", m.name}, {"role", *m.role}});
    }
    out["modules"] = std::move(modules);
  }
  return out;
}

core::Json inventory_json(const std::optional<Inventory>& inv) {
  if (!inv) return nullptr;
  core::Json groups = core::Json::array();
  for (const InventoryGroupRecord& g : inv->groups) groups.push_back(to_json(g));
  return {{"source", inv->source},
          {"shards", inv->shards},
          {"tensor_count", inv->tensor_count},
          {"module_count", inv->module_count},
          {"header_bytes", inv->header_bytes},
          {"declared_bytes", inv->declared_bytes},
          {"by_dtype", totals_json(inv->by_dtype)},
          {"groups", std::move(groups)}};
}

core::Json oracle_json(const ModelOracle& o) {
  core::Json forward = nullptr;
  if (o.forward) {
    forward = {{"status", o.forward->status},
               {"error", or_null(o.forward->error)},
               {"function", or_null(o.forward->function)},
               {"where", or_null(o.forward->where)}};
  }
  return {{"status", o.status}, {"versions", or_null(o.versions)}, {"reason", or_null(o.reason)}, {"forward", std::move(forward)}};
}

}  // namespace

core::Json to_json(const InventoryGroupRecord& g) {
  core::Json out = {{"name", g.name}};
  if (g.indices) out["indices"] = *g.indices;
  if (g.literal) out["literal"] = true;
  out["count"] = g.count;
  out["role"] = g.role;
  out["kind"] = g.kind;
  out["dtype"] = g.dtype;
  // Unsigned, as a parsed document holds them: the inventory's expansion takes only unsigned dims.
  core::Json shape = core::Json::array();
  for (const std::int64_t d : g.shape) shape.push_back(d >= 0 ? core::Json(static_cast<std::uint64_t>(d)) : core::Json(d));
  out["shape"] = std::move(shape);
  out["linear_modules"] = g.linear_modules;
  out["quantized"] = g.quantized;
  if (g.tied) out["tied"] = true;
  return out;
}

core::Json to_json(const std::vector<AnalysisRisk>& risks) {
  core::Json out = core::Json::array();
  for (const AnalysisRisk& r : risks) {
    core::Json one = {{"severity", r.severity}, {"message", r.message}};
    put_if(one, "recovery_hint", r.recovery_hint);
    put_if(one, "id", r.id);
    core::Json args = core::Json::object();
    for (const auto& a : r.args) args[a.name] = a.value;
    one["args"] = std::move(args);
    one["makes_partial"] = r.makes_partial;
    out.push_back(std::move(one));
  }
  return out;
}

core::Json ModelAnalysis::to_json() const {
  core::Json out = core::Json::object();
  out["artifact"] = artifact;
  out["schema_version"] = schema_version;
  put_if(out, "quark_ptq_version", quark_ptq_version);
  out["analysis_status"] = analysis_status;
  if (source) out["source"] = source_json(*source);
  out["model"] = model_json(model);
  out["architecture"] = architecture_json(architecture);
  out["moe"] = moe_json(moe);
  out["multimodal"] = multimodal_json(multimodal);
  out["pre_quantized"] = pre_quantized_json(pre_quantized);
  out["quark_templates"] = templates_json(quark_templates);
  out["files"] = files_json(files);
  out["quantization_targets"] = targets_json(quantization_targets);
  out["inventory"] = inventory_json(inventory);
  out["missing_facts"] = missing_facts;
  out["risks"] = artifacts::to_json(risks);
  if (model_oracle) out["model_oracle"] = oracle_json(*model_oracle);
  if (template_info) {
    core::Json t = core::Json::object();
    put_if(t, "available", template_info->available);
    put_if(t, "kv_layers_name", template_info->kv_layers_name);
    out["template"] = std::move(t);
  }
  return out;
}

}  // namespace artifacts
