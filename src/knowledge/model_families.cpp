#include "knowledge/model_families.h"

#include <algorithm>

#include "core/embedded.h"
#include "core/glob_match.h"
#include "core/json_io.h"
#include "knowledge/strict_fields.h"

namespace knowledge {

namespace {

constexpr std::string_view kPath = "knowledge/model_families.json";

// An object of one value type, every value checked: strings, booleans or lists of strings.
template <typename V>
std::map<std::string, V, std::less<>> object_of(StrictFields& f, const core::Json& doc, std::string_view key) {
  std::map<std::string, V, std::less<>> out;
  const core::Json& obj = f.object(doc, "", key);
  const std::string at = "/" + std::string(key);
  for (const auto& [k, v] : obj.items()) {
    if constexpr (std::is_same_v<V, bool>) {
      out.emplace(k, f.boolean(obj, at, k));
    } else if constexpr (std::is_same_v<V, std::string>) {
      out.emplace(k, f.string(obj, at, k));
    } else {
      out.emplace(k, f.strings(obj, at, k));
    }
  }
  return out;
}

// One model type's layout: its own keys over `_default`'s, which has every required one, so a
// type names only what differs.
LinearLayout layout_from(StrictFields& f, const core::Json& merged, const std::string& at) {
  LinearLayout l;
  l.layer_prefix = f.string(merged, at, "layer_prefix");
  l.attention = f.strings(merged, at, "attention");
  l.mlp = f.strings(merged, at, "mlp");
  l.experts_prefix = f.string(merged, at, "experts_prefix");
  l.expert = f.strings(merged, at, "expert");
  l.experts_linear = f.boolean(merged, at, "experts_linear");
  l.router = f.optional_string(merged, at, "router");
  l.shared_prefix = f.string(merged, at, "shared_prefix");
  l.shared = f.strings(merged, at, "shared");
  l.shared_expert_gate = f.optional_string(merged, at, "shared_expert_gate");
  l.shared_experts_default = f.optional_integer(merged, at, "shared_experts_default").value_or(0);
  if (const core::Json* by = f.optional_object(merged, at, "attention_by_layer_type")) {
    for (const auto& [type, v] : by->items()) l.attention_by_layer_type[type] = f.strings(*by, at + "/attention_by_layer_type", type);
  }
  l.lm_head = f.string(merged, at, "lm_head");
  const core::Json& v = f.object(merged, at, "vision");
  const std::string vat = at + "/vision";
  l.vision.per_layer = f.integer(v, vat, "per_layer");
  l.vision.layer_keys = f.strings(v, vat, "layer_keys");
  l.vision.extra = f.integer(v, vat, "extra");
  const core::Json& per = f.object(v, vat, "per_list_item");
  for (const auto& [k, n] : per.items()) l.vision.per_list_item[k] = f.integer(per, vat + "/per_list_item", k);
  return l;
}

}  // namespace

core::Result<ModelFamilies> parse_model_families(const core::Json& doc) {
  StrictFields s{std::string(kPath)};
  ModelFamilies f;
  f.text_config_keys = s.strings(doc, "", "text_config_keys");
  f.modality_config_keys = object_of<std::string>(s, doc, "modality_config_keys");
  f.moe_keys = object_of<std::vector<std::string>>(s, doc, "moe_keys");
  f.moe_intermediate_from_intermediate_size = s.strings(doc, "", "moe_intermediate_from_intermediate_size");
  f.dense_intermediate_size_keys = object_of<std::string>(s, doc, "dense_intermediate_size_keys");
  f.context_length_keys = s.strings(doc, "", "context_length_keys");
  f.hidden_size_keys = s.strings(doc, "", "hidden_size_keys");
  f.num_layers_keys = s.strings(doc, "", "num_layers_keys");
  f.num_heads_keys = s.strings(doc, "", "num_heads_keys");
  f.num_kv_heads_keys = s.strings(doc, "", "num_kv_heads_keys");
  f.intermediate_size_keys = s.strings(doc, "", "intermediate_size_keys");
  f.dtype_keys = s.strings(doc, "", "dtype_keys");
  f.torch_dtypes = s.strings(doc, "", "torch_dtypes");
  f.mla_keys = s.strings(doc, "", "mla_keys");
  f.conv1d_model_types = s.strings(doc, "", "conv1d_model_types");
  f.conv1d_module_suffixes = s.strings(doc, "", "conv1d_module_suffixes");
  f.tie_word_embeddings_default = object_of<bool>(s, doc, "tie_word_embeddings_default");
  f.loading_class = object_of<std::string>(s, doc, "loading_class");
  f.min_transformers_version = object_of<std::string>(s, doc, "min_transformers_version");
  const core::Json& req = s.object(doc, "", "quark_transformers_requirement");
  for (const auto& [release, r] : req.items()) {
    const std::string at = "/quark_transformers_requirement/" + release;
    f.quark_transformers_requirement.emplace(
        release, TransformersRequirement{s.string(r, at, "min"), s.string(r, at, "below"), s.string(r, at, "text")});
  }
  f.linear_weight_suffixes = s.strings(doc, "", "linear_weight_suffixes");
  f.fused_expert_tensor_names = s.strings(doc, "", "fused_expert_tensor_names");
  f.fused_gate_up_names = s.strings(doc, "", "fused_gate_up_names");
  f.fused_expert_module_patterns = s.strings(doc, "", "fused_expert_module_patterns");
  const core::Json& rules = s.array(doc, "", "role_rules");
  for (std::size_t i = 0; i < rules.size(); ++i) {
    const std::string at = "/role_rules/" + std::to_string(i);
    f.role_rules.push_back({s.string(rules[i], at, "role"), s.strings(rules[i], at, "patterns")});
  }
  f.non_linear_roles = s.strings(doc, "", "non_linear_roles");
  const core::Json& layouts = s.object(doc, "", "linear_layouts");
  const core::Json& base = s.object(layouts, "/linear_layouts", "_default");
  for (const auto& [type, own] : layouts.items()) {
    if (type == "source") continue;  // where the layouts come from, for people
    const std::string at = "/linear_layouts/" + type;
    const core::Json& mine = s.object(layouts, "/linear_layouts", type);
    core::Json merged = base;
    for (const auto& [k, v] : mine.items()) merged[k] = v;
    f.linear_layouts[type] = layout_from(s, merged, at);
  }
  const core::Json& nl = s.object(doc, "", "non_linear_modules");
  f.non_linear_module_patterns = s.strings(nl, "/non_linear_modules", "all");
  const core::Json& by = s.object(nl, "/non_linear_modules", "by_model_type");
  for (const auto& [type, v] : by.items()) {
    f.non_linear_module_patterns_by_type[type] = s.strings(by, "/non_linear_modules/by_model_type", type);
  }
  f.pre_quantized_tensor_suffixes = s.strings(doc, "", "pre_quantized_tensor_suffixes");
  f.tokenizer_files = s.strings(doc, "", "tokenizer_files");
  const core::Json& mem = s.object(doc, "", "memory");
  f.multi_device_bytes = static_cast<std::uint64_t>(s.integer(mem, "/memory", "multi_device_bytes"));
  f.huge_moe_quantized_linears = static_cast<std::uint64_t>(s.integer(mem, "/memory", "huge_moe_quantized_linears"));
  f.transformers_model_types = s.strings(doc, "", "transformers_model_types");
  std::sort(f.transformers_model_types.begin(), f.transformers_model_types.end());
  QPTQ_TRY(s.result());
  if (f.role_rules.empty() || f.hidden_size_keys.empty() || f.linear_weight_suffixes.empty() ||
      f.tie_word_embeddings_default.count("_default") == 0 || f.loading_class.count("_default") == 0) {
    return core::make_error(core::ExitCode::internal, "knowledge.data_invalid")
        .with("path", std::string(kPath))
        .with_detail(
            "role_rules, hidden_size_keys, linear_weight_suffixes and the _default of tie_word_embeddings_default and loading_class are "
            "required");
  }
  return f;
}

namespace {

bool contains(const std::vector<std::string>& v, std::string_view s) { return std::find(v.begin(), v.end(), s) != v.end(); }

}  // namespace

bool ModelFamilies::transformers_implements(std::string_view model_type) const {
  return std::binary_search(transformers_model_types.begin(), transformers_model_types.end(), model_type);
}

bool ModelFamilies::is_conv1d_family(std::string_view model_type) const { return contains(conv1d_model_types, model_type); }

bool ModelFamilies::tie_default(std::string_view model_type) const {
  auto it = tie_word_embeddings_default.find(model_type);
  if (it != tie_word_embeddings_default.end()) return it->second;
  return tie_word_embeddings_default.find("_default")->second;  // present: parse_model_families requires it
}

std::string ModelFamilies::loading_class_for(std::string_view model_type, std::string_view architecture) const {
  auto it = loading_class.find(model_type);
  if (it != loading_class.end()) return it->second;
  std::string base = loading_class.find("_default")->second;  // present: parse_model_families requires it
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
    QPTQ_TRY_ASSIGN(core::Json doc, core::parse_json(*text, kPath));
    return parse_model_families(doc);
  }();
  if (!parsed) return parsed.error();
  return &parsed.value();
}

}  // namespace knowledge
