#include "knowledge/model_families.h"

#include <algorithm>

#include "core/embedded.h"
#include "core/glob_match.h"
#include "core/json_io.h"

namespace knowledge {

namespace {

constexpr std::string_view kPath = "knowledge/model_families.json";

template <typename V>
std::map<std::string, V, std::less<>> object_of(const core::Json& doc, std::string_view key) {
  std::map<std::string, V, std::less<>> out;
  const core::Json* obj = core::json_object(doc, key);
  if (obj == nullptr) return out;
  for (auto it = obj->begin(); it != obj->end(); ++it) {
    if constexpr (std::is_same_v<V, bool>) {
      if (it.value().is_boolean()) out.emplace(it.key(), it.value().template get<bool>());
    } else if constexpr (std::is_same_v<V, std::string>) {
      if (it.value().is_string()) out.emplace(it.key(), it.value().template get<std::string>());
    } else {
      out.emplace(it.key(), core::json_string_list(*obj, it.key()));
    }
  }
  return out;
}

core::Result<ModelFamilies> parse(std::string_view text) {
  QPTQ_TRY_ASSIGN(core::Json doc, core::parse_json(text, kPath));
  ModelFamilies f;
  f.text_config_keys = core::json_string_list(doc, "text_config_keys");
  f.modality_config_keys = object_of<std::string>(doc, "modality_config_keys");
  f.moe_keys = object_of<std::vector<std::string>>(doc, "moe_keys");
  f.moe_intermediate_from_intermediate_size = core::json_string_list(doc, "moe_intermediate_from_intermediate_size");
  f.dense_intermediate_size_keys = object_of<std::string>(doc, "dense_intermediate_size_keys");
  f.context_length_keys = core::json_string_list(doc, "context_length_keys");
  f.hidden_size_keys = core::json_string_list(doc, "hidden_size_keys");
  f.num_layers_keys = core::json_string_list(doc, "num_layers_keys");
  f.num_heads_keys = core::json_string_list(doc, "num_heads_keys");
  f.num_kv_heads_keys = core::json_string_list(doc, "num_kv_heads_keys");
  f.intermediate_size_keys = core::json_string_list(doc, "intermediate_size_keys");
  f.dtype_keys = core::json_string_list(doc, "dtype_keys");
  f.torch_dtypes = core::json_string_list(doc, "torch_dtypes");
  f.mla_keys = core::json_string_list(doc, "mla_keys");
  f.conv1d_model_types = core::json_string_list(doc, "conv1d_model_types");
  f.conv1d_module_suffixes = core::json_string_list(doc, "conv1d_module_suffixes");
  f.tie_word_embeddings_default = object_of<bool>(doc, "tie_word_embeddings_default");
  f.loading_class = object_of<std::string>(doc, "loading_class");
  f.min_transformers_version = object_of<std::string>(doc, "min_transformers_version");
  if (const core::Json* req = core::json_object(doc, "quark_transformers_requirement")) {
    for (auto it = req->begin(); it != req->end(); ++it) {
      TransformersRequirement r;
      r.min = core::json_string(it.value(), "min").value_or("");
      r.below = core::json_string(it.value(), "below").value_or("");
      r.text = core::json_string(it.value(), "text").value_or("");
      f.quark_transformers_requirement.emplace(it.key(), r);
    }
  }
  f.linear_weight_suffixes = core::json_string_list(doc, "linear_weight_suffixes");
  f.fused_expert_tensor_names = core::json_string_list(doc, "fused_expert_tensor_names");
  f.fused_gate_up_names = core::json_string_list(doc, "fused_gate_up_names");
  f.fused_expert_module_patterns = core::json_string_list(doc, "fused_expert_module_patterns");
  if (const core::Json* rules = core::json_array(doc, "role_rules")) {
    for (const auto& r : *rules) {
      auto role = core::json_string(r, "role");
      if (!role) continue;
      f.role_rules.push_back({*role, core::json_string_list(r, "patterns")});
    }
  }
  f.non_linear_roles = core::json_string_list(doc, "non_linear_roles");
  if (const core::Json* layouts = core::json_object(doc, "linear_layouts")) {
    core::Json base = layouts->contains("_default") ? (*layouts)["_default"] : core::Json::object();
    for (auto it = layouts->begin(); it != layouts->end(); ++it) {
      const core::Json& own = *it;
      const std::string& type = it.key();
      if (!own.is_object()) continue;
      core::Json merged = base;
      for (auto kv = own.begin(); kv != own.end(); ++kv) merged[kv.key()] = *kv;
      LinearLayout l;
      l.layer_prefix = core::json_string(merged, "layer_prefix").value_or("model.layers.{}.");
      l.attention = core::json_string_list(merged, "attention");
      l.mlp = core::json_string_list(merged, "mlp");
      l.experts_prefix = core::json_string(merged, "experts_prefix").value_or("mlp.experts.{}.");
      l.expert = core::json_string_list(merged, "expert");
      l.experts_linear = core::json_bool(merged, "experts_linear").value_or(true);
      l.router = core::json_string(merged, "router");
      l.shared_prefix = core::json_string(merged, "shared_prefix").value_or("mlp.shared_experts.");
      l.shared = core::json_string_list(merged, "shared");
      l.shared_expert_gate = core::json_string(merged, "shared_expert_gate");
      l.shared_experts_default = core::json_int(merged, "shared_experts_default").value_or(0);
      if (const core::Json* by = core::json_object(merged, "attention_by_layer_type")) {
        for (auto kv = by->begin(); kv != by->end(); ++kv) l.attention_by_layer_type[kv.key()] = core::json_string_list(*by, kv.key());
      }
      l.lm_head = core::json_string(merged, "lm_head").value_or("lm_head");
      if (const core::Json* v = core::json_object(merged, "vision")) {
        l.vision.per_layer = core::json_int(*v, "per_layer").value_or(0);
        l.vision.layer_keys = core::json_string_list(*v, "layer_keys");
        l.vision.extra = core::json_int(*v, "extra").value_or(0);
        if (const core::Json* per = core::json_object(*v, "per_list_item")) {
          for (auto kv = per->begin(); kv != per->end(); ++kv) {
            if (kv->is_number_integer()) l.vision.per_list_item[kv.key()] = kv->get<std::int64_t>();
          }
        }
      }
      f.linear_layouts[type] = std::move(l);
    }
  }
  if (const core::Json* nl = core::json_object(doc, "non_linear_modules")) {
    f.non_linear_module_patterns = core::json_string_list(*nl, "all");
    if (const core::Json* by = core::json_object(*nl, "by_model_type")) {
      for (auto it = by->begin(); it != by->end(); ++it) {
        if (it->is_array()) f.non_linear_module_patterns_by_type[it.key()] = core::json_string_list(*by, it.key());
      }
    }
  }
  f.pre_quantized_tensor_suffixes = core::json_string_list(doc, "pre_quantized_tensor_suffixes");
  f.tokenizer_files = core::json_string_list(doc, "tokenizer_files");
  if (const core::Json* mem = core::json_object(doc, "memory")) {
    f.multi_device_bytes = static_cast<std::uint64_t>(core::json_int(*mem, "multi_device_bytes").value_or(0));
    f.huge_moe_quantized_linears = static_cast<std::uint64_t>(core::json_int(*mem, "huge_moe_quantized_linears").value_or(0));
  }
  f.transformers_model_types = core::json_string_list(doc, "transformers_model_types");
  std::sort(f.transformers_model_types.begin(), f.transformers_model_types.end());
  if (f.role_rules.empty() || f.hidden_size_keys.empty() || f.linear_weight_suffixes.empty()) {
    return core::make_error(core::ExitCode::internal, "knowledge.data_invalid")
        .with("path", std::string(kPath))
        .with_detail("role_rules, hidden_size_keys and linear_weight_suffixes are required");
  }
  return f;
}

bool contains(const std::vector<std::string>& v, std::string_view s) { return std::find(v.begin(), v.end(), s) != v.end(); }

}  // namespace

bool ModelFamilies::transformers_implements(std::string_view model_type) const {
  return std::binary_search(transformers_model_types.begin(), transformers_model_types.end(), model_type);
}

bool ModelFamilies::is_conv1d_family(std::string_view model_type) const { return contains(conv1d_model_types, model_type); }

bool ModelFamilies::tie_default(std::string_view model_type) const {
  auto it = tie_word_embeddings_default.find(model_type);
  if (it != tie_word_embeddings_default.end()) return it->second;
  auto d = tie_word_embeddings_default.find("_default");
  return d == tie_word_embeddings_default.end() ? true : d->second;
}

std::string ModelFamilies::loading_class_for(std::string_view model_type, std::string_view architecture) const {
  auto it = loading_class.find(model_type);
  if (it != loading_class.end()) return it->second;
  auto d = loading_class.find("_default");
  std::string base = d == loading_class.end() ? "AutoModelForCausalLM" : d->second;
  // The architecture class is what AutoModelForCausalLM resolves to; say both.
  if (!architecture.empty()) return base + " (" + std::string(architecture) + ")";
  return base;
}

std::string ModelFamilies::role_of(std::string_view module_name) const {
  for (const auto& rule : role_rules) {
    if (core::glob_match_any(rule.patterns, module_name)) return rule.role;
  }
  return "other";
}

const std::vector<std::string>& ModelFamilies::moe(std::string_view fact) const {
  static const std::vector<std::string> kEmpty;
  auto it = moe_keys.find(fact);
  return it == moe_keys.end() ? kEmpty : it->second;
}

const LinearLayout& ModelFamilies::linear_layout_for(std::string_view model_type) const {
  static const LinearLayout kNone;
  auto it = linear_layouts.find(model_type);
  if (it == linear_layouts.end()) it = linear_layouts.find("_default");
  return it == linear_layouts.end() ? kNone : it->second;
}

std::vector<std::string> ModelFamilies::non_linear_modules_for(std::string_view model_type) const {
  std::vector<std::string> out = non_linear_module_patterns;
  auto it = non_linear_module_patterns_by_type.find(model_type);
  if (it != non_linear_module_patterns_by_type.end()) out.insert(out.end(), it->second.begin(), it->second.end());
  return out;
}

core::Result<const ModelFamilies*> model_families() {
  static const core::Result<ModelFamilies> parsed = []() -> core::Result<ModelFamilies> {
    auto text = core::embedded_file(kPath);
    if (!text) {
      return core::make_error(core::ExitCode::internal, "knowledge.data_invalid")
          .with("path", std::string(kPath))
          .with_detail("not embedded");
    }
    return parse(*text);
  }();
  if (!parsed) return parsed.error();
  return &parsed.value();
}

}  // namespace knowledge
