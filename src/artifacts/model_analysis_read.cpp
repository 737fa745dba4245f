// ModelAnalysis::from_json: each field of model_analysis.json by its one name, through Fields
// (absent or null is unset, another type is the first error).
#include "artifacts/model_analysis.h"

#include "artifacts/fields.h"

namespace artifacts {

namespace {

std::string item(const std::string& list, std::size_t i) { return list + "/" + std::to_string(i); }

AnalysisSource source_of(const core::Json& j, std::string* error) {
  Fields f(j, "source", error);
  AnalysisSource s;
  s.kind = f.text("kind").value_or("");
  s.input = f.text("input").value_or("");
  s.repo_id = f.text("repo_id");
  s.revision = f.text("revision");
  s.commit = f.text("commit");
  s.endpoint = f.text("endpoint");
  s.snapshot_dir = f.text("snapshot_dir");
  s.offline = f.flag("offline").value_or(false);
  if (j.is_object()) {
    if (auto it = j.find("identity"); it != j.end()) s.identity = *it;
  }
  return s;
}

AnalysisModel model_of(const core::Json& j, std::string* error) {
  Fields f(j, "model", error);
  AnalysisModel m;
  m.model_path = f.text("model_path").value_or("");
  m.model_type = f.text("model_type").value_or("");
  m.text_model_type = f.text("text_model_type");
  m.architectures = f.texts("architectures");
  m.loading_class = f.text("loading_class");
  m.trust_remote_code = f.flag("trust_remote_code").value_or(false);
  if (const core::Json* rc = f.object("remote_code")) {
    Fields r(*rc, f.path("remote_code"), error);
    m.remote_code = RemoteCode{r.texts("auto_map"), r.flag("transformers_implements_model_type").value_or(false),
                               r.flag("required").value_or(false), r.texts("tokenizer_auto_map"), r.texts("config_auto_map")};
  }
  m.transformers_version = f.text("transformers_version");
  m.transformers_version_required = f.text("transformers_version_required");
  m.dtype = f.text("dtype");
  return m;
}

Architecture architecture_of(const core::Json& j, std::string* error) {
  Fields f(j, "architecture", error);
  Architecture a;
  a.num_hidden_layers = f.integer("num_hidden_layers");
  a.hidden_size = f.integer("hidden_size");
  a.num_attention_heads = f.integer("num_attention_heads");
  a.num_key_value_heads = f.integer("num_key_value_heads");
  a.num_key_value_heads_source = f.text("num_key_value_heads_source");
  a.head_dim = f.integer("head_dim");
  a.head_dim_source = f.text("head_dim_source");
  a.intermediate_size = f.integer("intermediate_size");
  a.vocab_size = f.integer("vocab_size");
  a.max_position_embeddings = f.integer("max_position_embeddings");
  a.tie_word_embeddings = f.flag("tie_word_embeddings");
  a.tie_word_embeddings_source = f.text("tie_word_embeddings_source");
  a.attention = f.text("attention");
  if (const core::Json* mla = f.object("mla")) a.mla = *mla;
  a.mtp_layers = f.integer("mtp_layers");
  return a;
}

Moe moe_of(const core::Json& j, std::string* error) {
  Fields f(j, "moe", error);
  Moe m;
  m.is_moe = f.flag("is_moe").value_or(false);
  m.num_experts = f.integer("num_experts");
  m.experts_per_token = f.integer("experts_per_token");
  m.shared_experts = f.integer("shared_experts");
  m.moe_intermediate_size = f.integer("moe_intermediate_size");
  m.shared_expert_intermediate_size = f.integer("shared_expert_intermediate_size");
  m.moe_layers = f.text("moe_layers");
  m.dense_layers = f.text("dense_layers");
  m.moe_layer_count = f.integer("moe_layer_count");
  m.dense_layer_count = f.integer("dense_layer_count");
  m.layer_rule = f.text("layer_rule");
  m.expert_tensors = f.text("expert_tensors");
  m.checkpoint_expert_layers = f.text("checkpoint_expert_layers");
  return m;
}

Multimodal multimodal_of(const core::Json& j, std::string* error) {
  Fields f(j, "multimodal", error);
  Multimodal m;
  m.is_multimodal = f.flag("is_multimodal").value_or(false);
  m.text_config_key = f.text("text_config_key");
  if (const core::Json* towers = f.array("towers")) {
    for (std::size_t i = 0; i < towers->size(); ++i) {
      Fields t((*towers)[i], item(f.path("towers"), i), error);
      m.towers.push_back({t.text("kind").value_or(""), t.text("config_key").value_or(""), t.text("model_type"), t.integer("hidden_size"),
                          t.integer("num_layers"), t.integer("linear_parameters"), t.integer("linear_modules")});
    }
  }
  return m;
}

PreQuantized pre_quantized_of(const core::Json& j, std::string* error) {
  Fields f(j, "pre_quantized", error);
  PreQuantized p;
  p.present = f.flag("present").value_or(false);
  p.quant_method = f.text("quant_method");
  p.detail = f.text("detail");
  if (const core::Json* tensors = f.array("tensors")) {
    p.tensors.emplace();
    for (std::size_t i = 0; i < tensors->size(); ++i) {
      Fields t((*tensors)[i], item(f.path("tensors"), i), error);
      p.tensors->push_back({t.text("name").value_or(""), t.text("module").value_or(""), t.integer("tensors").value_or(0),
                            t.integer("bytes").value_or(0), t.flag("module_counted").value_or(false)});
    }
  }
  p.uncounted_tensors = f.integer("uncounted_tensors");
  p.uncounted_bytes = f.integer("uncounted_bytes");
  return p;
}

std::vector<QuarkTemplateRecord> templates_of(Fields& top, std::string* error) {
  std::vector<QuarkTemplateRecord> out;
  const core::Json* list = top.array("quark_templates");
  if (list == nullptr) return out;
  for (std::size_t i = 0; i < list->size(); ++i) {
    const core::Json& j = (*list)[i];
    Fields f(j, item("quark_templates", i), error);
    QuarkTemplateRecord t;
    t.quark_version = f.text("quark_version").value_or("");
    t.has_template = f.flag("has_template").value_or(false);
    t.verified = f.flag("verified").value_or(false);
    // The four lists are written together, when the release has a template.
    if (f.array("exclude_layers_name") != nullptr) {
      t.names =
          TemplateNames{f.texts("exclude_layers_name"), f.texts("kv_layers_name"), f.texts("q_layer_name"), f.texts("gate_up_layers_name")};
    }
    out.push_back(std::move(t));
  }
  return out;
}

AnalysisFiles files_of(const core::Json& j, std::string* error) {
  Fields f(j, "files", error);
  AnalysisFiles out;
  out.weights_format = f.text("weights_format");
  out.safetensors_shards = f.texts("safetensors_shards");
  out.missing_shards = f.texts("missing_shards");
  out.has_index = f.flag("has_index").value_or(false);
  out.has_generation_config = f.flag("has_generation_config").value_or(false);
  out.tokenizer_files = f.texts("tokenizer_files");
  out.file_count = f.integer("file_count").value_or(0);
  out.total_bytes = f.integer("total_bytes");
  return out;
}

TotalsByDtype totals_of(const core::Json& j, const std::string& at, std::string* error) {
  TotalsByDtype out;
  if (!j.is_object()) return out;
  for (const auto& [dtype, totals] : j.items()) {
    if (!totals.is_object()) {
      if (error->empty()) *error = at + "/" + dtype + " is not an object";
      continue;
    }
    Fields t(totals, at + "/" + dtype, error);
    out[dtype] = TensorTotals{t.integer("tensors").value_or(0), t.integer("parameters").value_or(0), t.integer("bytes").value_or(0)};
  }
  return out;
}

QuantizationTargets targets_of(const core::Json& j, std::string* error) {
  Fields f(j, "quantization_targets", error);
  QuantizationTargets t;
  t.exclude_defaults = f.texts("exclude_defaults");
  t.exclude_defaults_source = f.text("exclude_defaults_source").value_or("");
  t.linear_layer_count = f.integer("linear_layer_count");
  t.quantized_layer_count = f.integer("quantized_layer_count");
  t.excluded_layer_count = f.integer("excluded_layer_count");
  t.method = f.text("method");
  t.estimate_method = f.text("estimate_method");
  t.has_non_linear_experts = f.flag("has_non_linear_experts");
  t.has_conv1d = f.flag("has_conv1d");
  if (const core::Json* roles = f.object("by_role")) {
    t.by_role.emplace();
    for (const auto& [role, counts] : roles->items()) {
      const std::string at = f.path("by_role") + "/" + role;
      if (!counts.is_object()) {
        if (error->empty()) *error = at + " is not an object";
        continue;
      }
      Fields c(counts, at, error);
      (*t.by_role)[role] = RoleCounts{c.integer("linear_modules").value_or(0), c.integer("quantized_modules").value_or(0),
                                      c.integer("parameters").value_or(0)};
    }
  }
  if (const core::Json* p = f.object("parameters")) {
    Fields pf(*p, f.path("parameters"), error);
    t.parameters = ParameterCounts{pf.integer("total").value_or(0), pf.integer("linear").value_or(0), pf.integer("quantized").value_or(0)};
  }
  if (const core::Json* d = f.object("linear_by_dtype")) t.linear_by_dtype = totals_of(*d, f.path("linear_by_dtype"), error);
  t.needs_moe_preparation = f.flag("needs_moe_preparation").value_or(false);
  if (const core::Json* list = f.array("modules")) {
    t.modules.emplace();
    for (std::size_t i = 0; i < list->size(); ++i) {
      const core::Json& e = (*list)[i];
      if (e.is_string()) {
        t.modules->push_back({e.get<std::string>(), std::nullopt});
        continue;
      }
      const std::string at = item(f.path("modules"), i);
      if (!e.is_object()) {
        if (error->empty()) *error = at + " is not an object";
        continue;
      }
      Fields m(e, at, error);
      t.modules->push_back({m.text("name").value_or(""), m.text("role")});
    }
  }
  return t;
}

InventoryGroupRecord group_of(const core::Json& j, const std::string& at, std::string* error) {
  Fields f(j, at, error);
  InventoryGroupRecord g;
  g.name = f.text("name").value_or("");
  if (const core::Json* blocks = f.array("indices")) {
    g.indices.emplace();
    for (std::size_t i = 0; i < blocks->size(); ++i) {
      const std::string block = item(f.path("indices"), i);
      if (!(*blocks)[i].is_array()) {
        if (error->empty()) *error = block + " is not a list";
        continue;
      }
      std::vector<std::string> ranges;
      for (std::size_t k = 0; k < (*blocks)[i].size(); ++k) {
        const core::Json& r = (*blocks)[i][k];
        if (r.is_string()) {
          ranges.push_back(r.get<std::string>());
        } else if (error->empty()) {
          *error = item(block, k) + " is not a string";
        }
      }
      g.indices->push_back(std::move(ranges));
    }
  }
  g.literal = f.flag("literal").value_or(false);
  g.count = f.integer("count").value_or(0);
  g.role = f.text("role").value_or("");
  g.kind = f.text("kind").value_or("");
  g.dtype = f.text("dtype").value_or("");
  g.shape = f.integers("shape");
  g.linear_modules = f.integer("linear_modules").value_or(0);
  g.quantized = f.flag("quantized").value_or(false);
  g.tied = f.flag("tied").value_or(false);
  return g;
}

Inventory inventory_of(const core::Json& j, std::string* error) {
  Fields f(j, "inventory", error);
  Inventory inv;
  inv.source = f.text("source").value_or("");
  inv.shards = f.integer("shards").value_or(0);
  inv.tensor_count = f.integer("tensor_count").value_or(0);
  inv.module_count = f.integer("module_count").value_or(0);
  inv.header_bytes = f.integer("header_bytes").value_or(0);
  inv.declared_bytes = f.integer("declared_bytes").value_or(0);
  if (const core::Json* d = f.object("by_dtype")) inv.by_dtype = totals_of(*d, f.path("by_dtype"), error);
  if (const core::Json* groups = f.array("groups")) {
    for (std::size_t i = 0; i < groups->size(); ++i) inv.groups.push_back(group_of((*groups)[i], item(f.path("groups"), i), error));
  }
  return inv;
}

std::vector<AnalysisRisk> risks_of(Fields& top, std::string* error) {
  std::vector<AnalysisRisk> out;
  const core::Json* list = top.array("risks");
  if (list == nullptr) return out;
  for (std::size_t i = 0; i < list->size(); ++i) {
    Fields f((*list)[i], item("risks", i), error);
    AnalysisRisk r;
    r.severity = f.text("severity").value_or("");
    r.message = f.text("message").value_or("");
    r.recovery_hint = f.text("recovery_hint");
    r.id = f.text("id");
    if (const core::Json* args = f.object("args")) {
      Fields a(*args, f.path("args"), error);
      for (const auto& [name, value] : args->items()) {
        if (auto text = a.text(name)) r.args.push_back({name, *text});
      }
    }
    r.makes_partial = f.flag("makes_partial").value_or(false);
    out.push_back(std::move(r));
  }
  return out;
}

ModelOracle oracle_of(const core::Json& j, std::string* error) {
  Fields f(j, "model_oracle", error);
  ModelOracle o;
  o.status = f.text("status").value_or("");
  o.versions = f.text("versions");
  o.reason = f.text("reason");
  if (const core::Json* forward = f.object("forward")) {
    Fields w(*forward, f.path("forward"), error);
    o.forward = OracleForwardRecord{w.text("status").value_or(""), w.text("error"), w.text("function"), w.text("where")};
  }
  return o;
}

AnalysisTemplate template_of(const core::Json& j, std::string* error) {
  Fields f(j, "template", error);
  AnalysisTemplate t;
  t.available = f.flag("available");
  if (f.array("kv_layers_name") != nullptr) t.kv_layers_name = f.texts("kv_layers_name");
  return t;
}

}  // namespace

std::optional<std::string> AnalysisSource::identity_commit() const {
  if (!identity.is_object()) return std::nullopt;
  auto it = identity.find("commit");
  if (it == identity.end() || !it->is_string()) return std::nullopt;
  return it->get<std::string>();
}

bool AnalysisRisk::operator==(const AnalysisRisk& other) const {
  auto same_args = [&] {
    if (args.size() != other.args.size()) return false;
    for (std::size_t i = 0; i < args.size(); ++i) {
      if (args[i].name != other.args[i].name || args[i].value != other.args[i].value) return false;
    }
    return true;
  };
  return severity == other.severity && message == other.message && recovery_hint == other.recovery_hint && id == other.id &&
         makes_partial == other.makes_partial && same_args();
}

core::Result<ModelAnalysis> ModelAnalysis::from_json(const core::Json& doc) {
  std::string error;
  Fields top(doc, "", &error);
  ModelAnalysis a;
  a.artifact = top.text("artifact").value_or("model_analysis");
  a.schema_version = top.integer("schema_version").value_or(1);
  a.quark_ptq_version = top.text("quark_ptq_version");
  a.analysis_status = top.text("analysis_status").value_or("");
  if (const core::Json* s = top.object("source")) a.source = source_of(*s, &error);
  if (const core::Json* m = top.object("model")) a.model = model_of(*m, &error);
  if (const core::Json* arch = top.object("architecture")) a.architecture = architecture_of(*arch, &error);
  if (const core::Json* moe = top.object("moe")) a.moe = moe_of(*moe, &error);
  if (const core::Json* mm = top.object("multimodal")) a.multimodal = multimodal_of(*mm, &error);
  if (const core::Json* pq = top.object("pre_quantized")) a.pre_quantized = pre_quantized_of(*pq, &error);
  a.quark_templates = templates_of(top, &error);
  if (const core::Json* files = top.object("files")) a.files = files_of(*files, &error);
  if (const core::Json* qt = top.object("quantization_targets")) a.quantization_targets = targets_of(*qt, &error);
  if (const core::Json* inv = top.object("inventory")) a.inventory = inventory_of(*inv, &error);
  a.missing_facts = top.texts("missing_facts");
  a.risks = risks_of(top, &error);
  if (const core::Json* o = top.object("model_oracle")) a.model_oracle = oracle_of(*o, &error);
  if (const core::Json* t = top.object("template")) a.template_info = template_of(*t, &error);
  if (!error.empty()) return core::fail(field_invalid("model_analysis.json", error));
  return a;
}

}  // namespace artifacts
