#include "intake/analysis_json.h"

#include "core/text.h"
#include "core/version.h"
#include "intake/inventory.h"

namespace intake {

namespace {

std::optional<std::string> unless_empty(const std::string& s) { return s.empty() ? std::nullopt : std::optional<std::string>(s); }

std::string ranges_of(const std::vector<std::int64_t>& v) {
  std::vector<std::uint32_t> u;
  for (auto x : v) {
    if (x >= 0) u.push_back(static_cast<std::uint32_t>(x));
  }
  return u.empty() ? "" : format_ranges(u);
}

artifacts::TotalsByDtype dtype_totals(const std::map<std::string, DtypeTotals>& m) {
  artifacts::TotalsByDtype out;
  for (const auto& [k, v] : m) {
    out[k] = {static_cast<std::int64_t>(v.tensors), static_cast<std::int64_t>(v.parameters), static_cast<std::int64_t>(v.bytes)};
  }
  return out;
}

artifacts::AnalysisSource source_of(const SourceInfo& src) {
  artifacts::AnalysisSource s;
  s.kind = src.kind;
  s.input = src.input;
  s.repo_id = src.repo_id;
  s.revision = src.revision;
  s.commit = src.commit;
  // A configured endpoint may carry user:password@: never recorded.
  if (src.endpoint) s.endpoint = core::redact_credentials(*src.endpoint);
  s.snapshot_dir = src.snapshot_dir;
  s.offline = src.offline;
  s.identity = src.identity;
  return s;
}

artifacts::AnalysisModel model_of(const SourceInfo& src, const ModelReading& r, const knowledge::ModelFamilies& fam) {
  const ModelFacts& facts = r.facts;
  std::string arch0 = facts.architectures.empty() ? "" : facts.architectures.front();
  bool implemented = fam.transformers_implements(facts.model_type);
  auto min_tf = fam.min_transformers_version.find(facts.model_type);
  artifacts::AnalysisModel m;
  m.model_path = src.model_path;
  m.model_type = facts.model_type;
  m.text_model_type = facts.text_model_type;
  m.architectures = facts.architectures;
  m.loading_class = fam.loading_class_for(facts.model_type, arch0);
  m.trust_remote_code = false;
  // quark-cli (0.12.post1 and 0.13) loads the tokenizer with remote code trusted whatever
  // --no_trust_remote_code says, and that load follows both files' auto_map: the code they
  // name runs inside quark-cli.
  m.remote_code = artifacts::RemoteCode{facts.auto_map, implemented, !implemented, r.tokenizer_auto_map, facts.auto_map_code};
  m.transformers_version = facts.transformers_version;
  if (min_tf != fam.min_transformers_version.end()) m.transformers_version_required = ">=" + min_tf->second;
  m.dtype = facts.dtype;
  return m;
}

std::string attention_kind(const ModelFacts& facts) {
  if (!facts.mla.is_null()) return "mla";
  if (facts.num_kv_heads && facts.num_heads && *facts.num_kv_heads < *facts.num_heads) {
    return *facts.num_kv_heads == 1 ? "mqa" : "gqa";
  }
  return "mha";
}

artifacts::Architecture architecture_of(const ModelFacts& facts) {
  artifacts::Architecture a;
  a.num_hidden_layers = facts.num_layers;
  a.hidden_size = facts.hidden_size;
  a.num_attention_heads = facts.num_heads;
  a.num_key_value_heads = facts.num_kv_heads;
  a.num_key_value_heads_source = unless_empty(facts.kv_heads_source);
  a.head_dim = facts.head_dim;
  a.head_dim_source = unless_empty(facts.head_dim_source);
  a.intermediate_size = facts.intermediate_size;
  a.vocab_size = facts.vocab_size;
  a.max_position_embeddings = facts.context_length;
  a.tie_word_embeddings = facts.tie_word_embeddings;
  a.tie_word_embeddings_source = facts.tie_source;
  a.attention = attention_kind(facts);
  a.mla = facts.mla;
  a.mtp_layers = facts.mtp_layers;
  return a;
}

std::string expert_tensors(const std::optional<LinearInventory>& inv) {
  if (!inv) return "unknown";
  if (inv->has_fused_experts) return inv->has_per_expert_tensors ? "mixed" : "fused";
  return inv->has_per_expert_tensors ? "per_expert" : "none";
}

artifacts::Moe moe_of(const ModelFacts& facts, const std::optional<LinearInventory>& inv) {
  artifacts::Moe moe;
  moe.is_moe = facts.moe.has_value();
  if (!facts.moe) return moe;
  const auto& m = *facts.moe;
  moe.num_experts = m.num_experts;
  moe.experts_per_token = m.experts_per_token;
  moe.shared_experts = m.shared_experts;
  moe.moe_intermediate_size = m.moe_intermediate_size;
  moe.shared_expert_intermediate_size = m.shared_expert_intermediate_size;
  moe.moe_layers = ranges_of(m.moe_layers);
  moe.dense_layers = ranges_of(m.dense_layers);
  moe.moe_layer_count = static_cast<std::int64_t>(m.moe_layers.size());
  moe.dense_layer_count = static_cast<std::int64_t>(m.dense_layers.size());
  moe.layer_rule = m.layer_rule;
  moe.expert_tensors = expert_tensors(inv);
  if (inv) moe.checkpoint_expert_layers = ranges_of(inv->expert_layers);
  return moe;
}

artifacts::Multimodal multimodal_of(const ModelFacts& f, const std::optional<LinearInventory>& inv) {
  artifacts::Multimodal out;
  out.is_multimodal = !f.modalities.empty();
  out.text_config_key = unless_empty(f.text_config_key);
  for (const auto& m : f.modalities) {
    artifacts::Tower t{m.kind, m.config_key, m.model_type, m.hidden_size, m.num_layers, std::nullopt, std::nullopt};
    if (inv) {
      auto it = inv->by_role.find(m.kind);
      t.linear_parameters = it == inv->by_role.end() ? 0 : static_cast<std::int64_t>(it->second.parameters);
      t.linear_modules = it == inv->by_role.end() ? 0 : static_cast<std::int64_t>(it->second.linear_modules);
    }
    out.towers.push_back(std::move(t));
  }
  return out;
}

artifacts::PreQuantized pre_quantized_of(const ModelFacts& facts, const std::optional<LinearInventory>& inv) {
  artifacts::PreQuantized pre;
  pre.present = facts.pre_quantized.has_value() || (inv && inv->has_prequantized_tensors);
  if (facts.pre_quantized) {
    pre.quant_method = facts.pre_quantized->quant_method;
    pre.detail = facts.pre_quantized->detail;
  }
  if (inv) {
    // Every pre-quantized tensor by name template; those of no counted module hold weights
    // that no linear-module count includes.
    pre.tensors.emplace();
    std::int64_t uncounted = 0;
    std::int64_t uncounted_bytes = 0;
    for (const auto& pq : inv->prequantized) {
      const auto tensors = static_cast<std::int64_t>(pq.totals.tensors);
      const auto bytes = static_cast<std::int64_t>(pq.totals.bytes);
      pre.tensors->push_back({pq.templ, pq.module, tensors, bytes, pq.module_counted});
      if (!pq.module_counted) {
        uncounted += tensors;
        uncounted_bytes += bytes;
      }
    }
    pre.uncounted_tensors = uncounted;
    pre.uncounted_bytes = uncounted_bytes;
  }
  return pre;
}

std::vector<artifacts::QuarkTemplateRecord> templates_of(const TemplateMatch& match) {
  std::vector<artifacts::QuarkTemplateRecord> out;
  for (const auto& r : match.releases) {
    artifacts::QuarkTemplateRecord e{r.quark_version, r.found.has_value(), r.verified, std::nullopt};
    if (r.found) {
      e.names = artifacts::TemplateNames{r.found->exclude_layers_name, r.found->kv_layers_name, r.found->q_layer_name,
                                         r.found->gate_up_layers_name};
    }
    out.push_back(std::move(e));
  }
  return out;
}

artifacts::AnalysisFiles files_of(const ModelReading& r) {
  artifacts::AnalysisFiles files;
  files.weights_format = std::string(weights_format_name(r.weights.format));
  files.safetensors_shards = r.weights.shards;
  files.missing_shards = r.weights.missing_shards;
  files.has_index = r.weights.index.has_value();
  files.has_generation_config = r.has_generation_config;
  files.tokenizer_files = r.tokenizer_files;
  files.file_count = static_cast<std::int64_t>(r.listing.size());
  std::uint64_t listed = 0;
  bool sizes_known = true;
  for (const auto& f : r.listing) {
    if (f.size) {
      listed += *f.size;
    } else {
      sizes_known = false;
    }
  }
  if (sizes_known) files.total_bytes = static_cast<std::int64_t>(listed);
  return files;
}

artifacts::QuantizationTargets targets_of(const ModelReading& r) {
  const std::string& version = r.templates.newest_version;
  const std::string& model_type = r.facts.model_type;
  artifacts::QuantizationTargets targets;
  targets.exclude_defaults = r.templates.exclusions();
  targets.exclude_defaults_source = r.templates.newest() != nullptr ? "quark " + version + " template " + model_type
                                                                    : "no quark " + version + " template for " + model_type;
  if (r.inventory) {
    const LinearInventory& inv = *r.inventory;
    targets.linear_layer_count = static_cast<std::int64_t>(inv.linear_modules);
    targets.quantized_layer_count = static_cast<std::int64_t>(inv.quantized_modules);
    targets.excluded_layer_count = static_cast<std::int64_t>(inv.linear_modules - inv.quantized_modules);
    targets.method = r.inventory_source;
    targets.has_non_linear_experts = inv.has_fused_experts;
    targets.has_conv1d = inv.has_conv1d;
    targets.by_role.emplace();
    for (const auto& [role, t] : inv.by_role) {
      (*targets.by_role)[role] = {static_cast<std::int64_t>(t.linear_modules), static_cast<std::int64_t>(t.quantized_modules),
                                  static_cast<std::int64_t>(t.parameters)};
    }
    targets.parameters =
        artifacts::ParameterCounts{static_cast<std::int64_t>(inv.parameters), static_cast<std::int64_t>(inv.linear_parameters),
                                   static_cast<std::int64_t>(inv.quantized_parameters)};
    targets.linear_by_dtype = dtype_totals(inv.linear_by_dtype);
  } else if (r.estimate) {
    const Estimate& e = *r.estimate;
    targets.linear_layer_count = static_cast<std::int64_t>(e.linear_modules);
    targets.quantized_layer_count = static_cast<std::int64_t>(e.quantized_modules);
    targets.excluded_layer_count = static_cast<std::int64_t>(e.linear_modules - e.quantized_modules);
    targets.method = "config_estimate";
    targets.estimate_method = e.method;
  }
  targets.needs_moe_preparation = r.facts.moe.has_value();
  return targets;
}

// The exact inventory (groups of modules by name template), or unset for an estimate.
// Encoding sorts each group's index list in place.
std::optional<artifacts::Inventory> inventory_of(ModelReading& r) {
  if (!r.inventory) return std::nullopt;
  LinearInventory& inv = *r.inventory;
  return artifacts::Inventory{r.inventory_source,
                              static_cast<std::int64_t>(r.weights.shards.size()),
                              static_cast<std::int64_t>(inv.tensor_count),
                              static_cast<std::int64_t>(inv.module_count),
                              static_cast<std::int64_t>(r.header_bytes),
                              static_cast<std::int64_t>(r.declared_bytes),
                              dtype_totals(inv.all_by_dtype),
                              group_records(inv.groups)};
}

// Whether the model oracle answered (the installed libraries' own reading of config.json) and
// what its forward pass on the meta device found; "not_asked" when no environment was looked for.
artifacts::ModelOracle oracle_of(const ModelReading& r) {
  if (!r.oracle) return {"not_asked", std::nullopt, std::nullopt, std::nullopt};
  const OracleLinears& o = *r.oracle;
  if (!o.unavailable.empty()) return {"unavailable", std::nullopt, o.unavailable, std::nullopt};
  artifacts::ModelOracle out{"answered", o.versions, std::nullopt, std::nullopt};
  if (o.forward) {
    out.forward = artifacts::OracleForwardRecord{o.forward->status, unless_empty(o.forward->error), unless_empty(o.forward->function),
                                                 unless_empty(o.forward->where)};
  }
  return out;
}

}  // namespace

artifacts::ModelAnalysis analysis_document(const SourceInfo& source, ModelReading reading, const RiskList& risks,
                                           const knowledge::ModelFamilies& fam) {
  artifacts::ModelAnalysis out;
  out.quark_ptq_version = std::string(core::tool_version());
  out.analysis_status = risks.any_partial() ? "partial" : "complete";
  out.source = source_of(source);
  out.model = model_of(source, reading, fam);
  out.architecture = architecture_of(reading.facts);
  out.moe = moe_of(reading.facts, reading.inventory);
  out.multimodal = multimodal_of(reading.facts, reading.inventory);
  out.pre_quantized = pre_quantized_of(reading.facts, reading.inventory);
  out.quark_templates = templates_of(reading.templates);
  out.files = files_of(reading);
  out.quantization_targets = targets_of(reading);
  out.inventory = inventory_of(reading);
  out.missing_facts = reading.facts.missing;
  out.risks = risks.records();
  out.model_oracle = oracle_of(reading);
  return out;
}

core::Json analysis_json(const SourceInfo& source, ModelReading reading, const RiskList& risks, const knowledge::ModelFamilies& fam) {
  return analysis_document(source, std::move(reading), risks, fam).to_json();
}

}  // namespace intake
