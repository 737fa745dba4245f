#include "intake/analysis_json.h"

#include "core/text.h"
#include "core/version.h"
#include "intake/inventory.h"

namespace intake {

namespace {

template <typename T>
core::Json opt(const std::optional<T>& v) {
  return v ? core::Json(*v) : core::Json(nullptr);
}

core::Json opt_text(const std::string& s) { return s.empty() ? core::Json(nullptr) : core::Json(s); }

std::string ranges_of(const std::vector<std::int64_t>& v) {
  std::vector<std::uint32_t> u;
  for (auto x : v) {
    if (x >= 0) u.push_back(static_cast<std::uint32_t>(x));
  }
  return u.empty() ? "" : format_ranges(u);
}

core::Json dtype_totals(const std::map<std::string, DtypeTotals>& m) {
  core::Json out = core::Json::object();
  for (const auto& [k, v] : m) out[k] = {{"tensors", v.tensors}, {"parameters", v.parameters}, {"bytes", v.bytes}};
  return out;
}

core::Json source_json(const SourceInfo& src) {
  core::Json source = {{"kind", src.kind}, {"input", src.input}};
  if (src.repo_id) source["repo_id"] = *src.repo_id;
  if (src.revision) source["revision"] = *src.revision;
  if (src.commit) source["commit"] = *src.commit;
  // A configured endpoint may carry user:password@: never recorded.
  if (src.endpoint) source["endpoint"] = core::redact_credentials(*src.endpoint);
  if (src.snapshot_dir) source["snapshot_dir"] = *src.snapshot_dir;
  source["offline"] = src.offline;
  if (!src.identity.is_null()) source["identity"] = src.identity;
  return source;
}

core::Json model_json(const SourceInfo& src, const ModelFacts& facts, const knowledge::ModelFamilies& fam) {
  std::string arch0 = facts.architectures.empty() ? "" : facts.architectures.front();
  bool implemented = fam.transformers_implements(facts.model_type);
  auto min_tf = fam.min_transformers_version.find(facts.model_type);
  return {
      {"model_path", src.model_path},
      {"model_type", facts.model_type},
      {"text_model_type", opt(facts.text_model_type)},
      {"architectures", facts.architectures},
      {"loading_class", fam.loading_class_for(facts.model_type, arch0)},
      {"trust_remote_code", false},
      {"remote_code", {{"auto_map", facts.auto_map}, {"transformers_implements_model_type", implemented}, {"required", !implemented}}},
      {"transformers_version", opt(facts.transformers_version)},
      {"transformers_version_required",
       min_tf == fam.min_transformers_version.end() ? core::Json(nullptr) : core::Json(">=" + min_tf->second)},
      {"dtype", opt(facts.dtype)},
  };
}

std::string attention_kind(const ModelFacts& facts) {
  if (!facts.mla.is_null()) return "mla";
  if (facts.num_kv_heads && facts.num_heads && *facts.num_kv_heads < *facts.num_heads) {
    return *facts.num_kv_heads == 1 ? "mqa" : "gqa";
  }
  return "mha";
}

core::Json architecture_json(const ModelFacts& facts) {
  return {
      {"num_hidden_layers", opt(facts.num_layers)},
      {"hidden_size", opt(facts.hidden_size)},
      {"num_attention_heads", opt(facts.num_heads)},
      {"num_key_value_heads", opt(facts.num_kv_heads)},
      {"num_key_value_heads_source", opt_text(facts.kv_heads_source)},
      {"head_dim", opt(facts.head_dim)},
      {"head_dim_source", opt_text(facts.head_dim_source)},
      {"intermediate_size", opt(facts.intermediate_size)},
      {"vocab_size", opt(facts.vocab_size)},
      {"max_position_embeddings", opt(facts.context_length)},
      {"tie_word_embeddings", opt(facts.tie_word_embeddings)},
      {"tie_word_embeddings_source", facts.tie_source},
      {"attention", attention_kind(facts)},
      {"mla", facts.mla},
      {"mtp_layers", opt(facts.mtp_layers)},
  };
}

std::string expert_tensors(const std::optional<LinearInventory>& inv) {
  if (!inv) return "unknown";
  if (inv->has_fused_experts) return inv->has_per_expert_tensors ? "mixed" : "fused";
  return inv->has_per_expert_tensors ? "per_expert" : "none";
}

core::Json moe_json(const ModelFacts& facts, const std::optional<LinearInventory>& inv) {
  core::Json moe = {{"is_moe", facts.moe.has_value()}};
  if (!facts.moe) return moe;
  const auto& m = *facts.moe;
  moe["num_experts"] = m.num_experts;
  moe["experts_per_token"] = opt(m.experts_per_token);
  moe["shared_experts"] = m.shared_experts;
  moe["moe_intermediate_size"] = opt(m.moe_intermediate_size);
  moe["shared_expert_intermediate_size"] = opt(m.shared_expert_intermediate_size);
  moe["moe_layers"] = ranges_of(m.moe_layers);
  moe["dense_layers"] = ranges_of(m.dense_layers);
  moe["moe_layer_count"] = m.moe_layers.size();
  moe["dense_layer_count"] = m.dense_layers.size();
  moe["layer_rule"] = m.layer_rule;
  moe["expert_tensors"] = expert_tensors(inv);
  if (inv) moe["checkpoint_expert_layers"] = ranges_of(inv->expert_layers);
  return moe;
}

core::Json modalities_json(const ModelFacts& f, const std::optional<LinearInventory>& inv) {
  core::Json towers = core::Json::array();
  for (const auto& m : f.modalities) {
    core::Json t = {{"kind", m.kind},
                    {"config_key", m.config_key},
                    {"model_type", opt(m.model_type)},
                    {"hidden_size", opt(m.hidden_size)},
                    {"num_layers", opt(m.num_layers)}};
    if (inv) {
      auto it = inv->by_role.find(m.kind);
      t["linear_parameters"] = it == inv->by_role.end() ? 0 : it->second.parameters;
      t["linear_modules"] = it == inv->by_role.end() ? 0 : it->second.linear_modules;
    }
    towers.push_back(std::move(t));
  }
  return {{"is_multimodal", !f.modalities.empty()}, {"text_config_key", opt_text(f.text_config_key)}, {"towers", std::move(towers)}};
}

core::Json pre_quantized_json(const ModelFacts& facts, const std::optional<LinearInventory>& inv) {
  core::Json pre = {{"present", facts.pre_quantized.has_value() || (inv && inv->has_prequantized_tensors)}};
  if (facts.pre_quantized) {
    pre["quant_method"] = facts.pre_quantized->quant_method;
    pre["detail"] = facts.pre_quantized->detail;
  }
  if (inv) {
    // Every pre-quantized tensor by name template; those of no counted module hold weights
    // that no linear-module count includes.
    core::Json tensors = core::Json::array();
    std::uint64_t uncounted = 0;
    std::uint64_t uncounted_bytes = 0;
    for (const auto& pq : inv->prequantized) {
      tensors.push_back({{"name", pq.templ},
                         {"module", pq.module},
                         {"tensors", pq.totals.tensors},
                         {"bytes", pq.totals.bytes},
                         {"module_counted", pq.module_counted}});
      if (!pq.module_counted) {
        uncounted += pq.totals.tensors;
        uncounted_bytes += pq.totals.bytes;
      }
    }
    pre["tensors"] = std::move(tensors);
    pre["uncounted_tensors"] = uncounted;
    pre["uncounted_bytes"] = uncounted_bytes;
  }
  return pre;
}

core::Json templates_json(const TemplateMatch& match) {
  core::Json out = core::Json::array();
  for (const auto& r : match.releases) {
    core::Json e = {{"quark_version", r.quark_version}, {"has_template", r.found.has_value()}, {"verified", r.verified}};
    if (r.found) {
      e["exclude_layers_name"] = r.found->exclude_layers_name;
      e["kv_layers_name"] = r.found->kv_layers_name;
      e["q_layer_name"] = r.found->q_layer_name;
      e["gate_up_layers_name"] = r.found->gate_up_layers_name;
    }
    out.push_back(std::move(e));
  }
  return out;
}

core::Json files_json(const ModelReading& r) {
  core::Json files = {{"weights_format", weights_format_name(r.weights.format)},
                      {"safetensors_shards", r.weights.shards},
                      {"missing_shards", r.weights.missing_shards},
                      {"has_index", r.weights.index.has_value()},
                      {"has_generation_config", r.has_generation_config},
                      {"tokenizer_files", r.tokenizer_files},
                      {"file_count", r.listing.size()}};
  std::uint64_t listed = 0;
  bool sizes_known = true;
  for (const auto& f : r.listing) {
    if (f.size) {
      listed += *f.size;
    } else {
      sizes_known = false;
    }
  }
  files["total_bytes"] = sizes_known ? core::Json(listed) : core::Json(nullptr);
  return files;
}

core::Json targets_json(const ModelReading& r) {
  const std::string& version = r.templates.newest_version;
  const std::string& model_type = r.facts.model_type;
  core::Json targets = {
      {"exclude_defaults", r.templates.exclusions()},
      {"exclude_defaults_source", r.templates.newest() != nullptr ? "quark " + version + " template " + model_type
                                                                  : "no quark " + version + " template for " + model_type}};
  if (r.inventory) {
    const LinearInventory& inv = *r.inventory;
    targets["linear_layer_count"] = inv.linear_modules;
    targets["quantized_layer_count"] = inv.quantized_modules;
    targets["excluded_layer_count"] = inv.linear_modules - inv.quantized_modules;
    targets["method"] = r.inventory_source;
    targets["has_non_linear_experts"] = inv.has_fused_experts;
    targets["has_conv1d"] = inv.has_conv1d;
    core::Json roles = core::Json::object();
    for (const auto& [role, t] : inv.by_role) {
      roles[role] = {{"linear_modules", t.linear_modules}, {"quantized_modules", t.quantized_modules}, {"parameters", t.parameters}};
    }
    targets["by_role"] = std::move(roles);
    targets["parameters"] = {{"total", inv.parameters}, {"linear", inv.linear_parameters}, {"quantized", inv.quantized_parameters}};
    targets["linear_by_dtype"] = dtype_totals(inv.linear_by_dtype);
  } else if (r.estimate) {
    const Estimate& e = *r.estimate;
    targets["linear_layer_count"] = e.linear_modules;
    targets["quantized_layer_count"] = e.quantized_modules;
    targets["excluded_layer_count"] = e.linear_modules - e.quantized_modules;
    targets["method"] = "config_estimate";
    targets["estimate_method"] = e.method;
    targets["has_non_linear_experts"] = nullptr;
  }
  targets["needs_moe_preparation"] = r.facts.moe.has_value();
  return targets;
}

// The exact inventory (groups of modules by name template), or null for an estimate.
// Encoding sorts each group's index list in place.
core::Json inventory_json(ModelReading& r) {
  if (!r.inventory) return nullptr;
  LinearInventory& inv = *r.inventory;
  return {{"source", r.inventory_source},
          {"shards", r.weights.shards.size()},
          {"tensor_count", inv.tensor_count},
          {"module_count", inv.module_count},
          {"header_bytes", r.header_bytes},
          {"declared_bytes", r.declared_bytes},
          {"by_dtype", dtype_totals(inv.all_by_dtype)},
          {"groups", encode_groups(inv.groups)}};
}

// Whether the model oracle answered (the installed libraries' own reading of config.json) and
// what its forward pass on the meta device found; "not_asked" when no environment was looked for.
core::Json oracle_json(const ModelReading& r) {
  if (!r.oracle) return {{"status", "not_asked"}, {"versions", nullptr}, {"reason", nullptr}, {"forward", nullptr}};
  const OracleLinears& o = *r.oracle;
  if (!o.unavailable.empty()) return {{"status", "unavailable"}, {"versions", nullptr}, {"reason", o.unavailable}, {"forward", nullptr}};
  core::Json forward = nullptr;
  if (o.forward) {
    auto text = [](const std::string& s) { return s.empty() ? core::Json(nullptr) : core::Json(s); };
    forward = {{"status", o.forward->status},
               {"error", text(o.forward->error)},
               {"function", text(o.forward->function)},
               {"where", text(o.forward->where)}};
  }
  return {{"status", "answered"}, {"versions", o.versions}, {"reason", nullptr}, {"forward", forward}};
}

}  // namespace

core::Json analysis_json(const SourceInfo& source, ModelReading reading, const RiskList& risks, const knowledge::ModelFamilies& fam) {
  core::Json out = core::Json::object();
  out["artifact"] = "model_analysis";
  out["schema_version"] = 1;
  out["quark_ptq_version"] = std::string(core::tool_version());
  out["analysis_status"] = risks.any_partial() ? "partial" : "complete";
  out["source"] = source_json(source);
  out["model"] = model_json(source, reading.facts, fam);
  // quark-cli (0.12.post1 and 0.13) loads the tokenizer with remote code trusted whatever
  // --no_trust_remote_code says, and that load follows both files' auto_map: the code they
  // name runs inside quark-cli.
  out["model"]["remote_code"]["tokenizer_auto_map"] = reading.tokenizer_auto_map;
  out["model"]["remote_code"]["config_auto_map"] = reading.facts.auto_map_code;
  out["architecture"] = architecture_json(reading.facts);
  out["moe"] = moe_json(reading.facts, reading.inventory);
  out["multimodal"] = modalities_json(reading.facts, reading.inventory);
  out["pre_quantized"] = pre_quantized_json(reading.facts, reading.inventory);
  out["quark_templates"] = templates_json(reading.templates);
  out["files"] = files_json(reading);
  out["quantization_targets"] = targets_json(reading);
  out["inventory"] = inventory_json(reading);
  out["missing_facts"] = reading.facts.missing;
  out["risks"] = risks.to_json();
  out["model_oracle"] = oracle_json(reading);
  return out;
}

}  // namespace intake
