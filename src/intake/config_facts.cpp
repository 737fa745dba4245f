#include "intake/config_facts.h"

#include <algorithm>
#include <cmath>

namespace intake {

namespace {

core::Error bad_field(std::string_view source, const std::string& key, const char* want) {
  return core::make_error(core::ExitCode::bad_input, "intake.config_bad_field")
      .with("source", std::string(source))
      .with("key", key)
      .with("expected", want);
}

using Bound = ConfigBound;
constexpr Bound kLayers = config_limits::layers;
constexpr Bound kWidth = config_limits::width;
constexpr Bound kHeads = config_limits::heads;
constexpr Bound kFfn = config_limits::ffn;
constexpr Bound kVocab = config_limits::vocab;
constexpr Bound kContext = config_limits::context;
constexpr Bound kExperts = config_limits::experts;

// The first key of `keys` present in `j`, within [0, b.max]. A present key of the wrong type is
// an error: the config is malformed and we would otherwise silently fall through to another
// key. `prefix` names the nested config the key sits in ("text_config."), for the message.
core::Result<std::optional<std::int64_t>> first_int(const core::Json& j, const std::vector<std::string>& keys, std::string_view source,
                                                    Bound b, std::string_view prefix = {}) {
  for (const auto& k : keys) {
    auto it = j.find(k);
    if (it == j.end() || it->is_null()) continue;
    const std::string key = std::string(prefix) + k;
    std::int64_t v = 0;
    if (it->is_number_unsigned()) {
      // Above INT64_MAX (2^63) it would wrap negative in a signed read.
      if (it->get<std::uint64_t>() > static_cast<std::uint64_t>(b.max)) return implausible_config_value(source, key, it->dump(), b);
      v = static_cast<std::int64_t>(it->get<std::uint64_t>());
    } else if (it->is_number_integer()) {
      v = it->get<std::int64_t>();
    } else if (it->is_number_float()) {
      // 4096.0 is an integer written as a float by some exporters; accept that, nothing else.
      double d = it->get<double>();
      if (d != std::floor(d)) return bad_field(source, key, "an integer");
      if (d < 0 || d > static_cast<double>(b.max)) return implausible_config_value(source, key, it->dump(), b);
      v = static_cast<std::int64_t>(d);
    } else {
      return bad_field(source, key, "an integer");
    }
    if (v < 0 || v > b.max) return implausible_config_value(source, key, std::to_string(v), b);
    return std::optional<std::int64_t>(v);
  }
  return std::optional<std::int64_t>{};
}

core::Result<std::optional<std::string>> first_string(const core::Json& j, const std::vector<std::string>& keys, std::string_view source) {
  for (const auto& k : keys) {
    auto it = j.find(k);
    if (it == j.end() || it->is_null()) continue;
    if (!it->is_string()) return bad_field(source, k, "a string");
    return std::optional<std::string>(it->get<std::string>());
  }
  return std::optional<std::string>{};
}

std::vector<std::int64_t> int_list(const core::Json& j, std::string_view key) {
  std::vector<std::int64_t> out;
  const core::Json* a = core::json_array(j, key);
  if (a == nullptr) return out;
  for (const auto& v : *a) {
    if (v.is_number_integer()) out.push_back(v.get<std::int64_t>());
  }
  return out;
}

// Which layers are MoE, by the rule the family's config keys imply.
void derive_moe_layers(const core::Json& t, MoeFacts& moe, std::int64_t layers) {
  auto first_k = core::json_int(t, "first_k_dense_replace");
  auto freq = core::json_int(t, "moe_layer_freq");
  auto sparse_step = core::json_int(t, "decoder_sparse_step");
  auto interleave = core::json_int(t, "interleave_moe_layer_step");
  auto explicit_layers = int_list(t, "moe_layers");
  // mlp_layer_types: "dense" / "sparse" per layer (glm4_moe_lite and newer configs).
  std::vector<std::string> mlp_types = core::json_string_list(t, "mlp_layer_types");
  if (!mlp_types.empty() && explicit_layers.empty()) {
    for (std::size_t i = 0; i < mlp_types.size(); ++i) {
      if (mlp_types[i] == "sparse") explicit_layers.push_back(static_cast<std::int64_t>(i));
    }
    if (explicit_layers.empty()) explicit_layers.push_back(-1);  // all dense: matches no layer
  }
  auto mlp_only = int_list(t, "mlp_only_layers");
  // Looked up once per layer: sorted, so a long list in the config costs a logarithm.
  for (auto* list : {&explicit_layers, &mlp_only}) std::sort(list->begin(), list->end());
  auto listed = [](const std::vector<std::int64_t>& v, std::int64_t i) { return std::binary_search(v.begin(), v.end(), i); };
  for (std::int64_t i = 0; i < layers; ++i) {
    bool is_moe = true;
    if (!explicit_layers.empty()) {
      moe.layer_rule = "moe_layers";
      is_moe = listed(explicit_layers, i);
    } else if (first_k) {
      moe.layer_rule = "first_k_dense_replace/moe_layer_freq";
      std::int64_t f = freq && *freq > 0 ? *freq : 1;
      is_moe = i >= *first_k && i % f == 0;
    } else if (sparse_step) {
      moe.layer_rule = "decoder_sparse_step/mlp_only_layers";
      std::int64_t s = *sparse_step > 0 ? *sparse_step : 1;
      is_moe = !listed(mlp_only, i) && (i + 1) % s == 0;
    } else if (interleave) {
      moe.layer_rule = "interleave_moe_layer_step";
      std::int64_t s = *interleave > 0 ? *interleave : 1;
      is_moe = (i + 1) % s == 0;
    } else {
      moe.layer_rule = "every layer";
    }
    (is_moe ? moe.moe_layers : moe.dense_layers).push_back(i);
  }
}

core::Result<std::optional<MoeFacts>> read_moe(const core::Json& t, const std::string& model_type, const knowledge::ModelFamilies& fam,
                                               std::optional<std::int64_t> layers, std::optional<std::int64_t> intermediate,
                                               std::string_view source, std::string_view prefix) {
  QPTQ_TRY_ASSIGN(auto experts, first_int(t, fam.moe("num_experts"), source, kExperts, prefix));
  if (!experts || *experts <= 0) return std::optional<MoeFacts>{};
  MoeFacts moe;
  moe.num_experts = *experts;
  QPTQ_TRY_ASSIGN(moe.experts_per_token, first_int(t, fam.moe("experts_per_token"), source, kExperts, prefix));
  QPTQ_TRY_ASSIGN(auto shared, first_int(t, fam.moe("shared_experts"), source, kExperts, prefix));
  moe.shared_experts = shared.value_or(0);
  QPTQ_TRY_ASSIGN(moe.moe_intermediate_size, first_int(t, fam.moe("moe_intermediate_size"), source, kFfn, prefix));
  auto& from_inter = fam.moe_intermediate_from_intermediate_size;
  if (!moe.moe_intermediate_size && std::find(from_inter.begin(), from_inter.end(), model_type) != from_inter.end()) {
    moe.moe_intermediate_size = intermediate;  // these families size experts with intermediate_size
  }
  QPTQ_TRY_ASSIGN(moe.shared_expert_intermediate_size, first_int(t, fam.moe("shared_expert_intermediate_size"), source, kFfn, prefix));
  if (moe.shared_expert_intermediate_size && moe.shared_experts == 0 && *moe.shared_expert_intermediate_size > 0) {
    moe.shared_experts = 1;  // qwen2_moe: one shared expert, sized by this key
  }
  if (layers) derive_moe_layers(t, moe, *layers);
  return std::optional<MoeFacts>(std::move(moe));
}

// transformers looks a config's torch_dtype / dtype up as a torch attribute ("torch.bfloat16"
// written out is read the same): any other name fails the model's load inside quark-cli, after
// the approval, so it is refused here. "auto" is transformers' own word for "as stored".
core::Result<void> check_dtype(const std::string& dtype, const knowledge::ModelFamilies& fam, std::string_view source) {
  std::string_view name = dtype;
  if (name.starts_with("torch.")) name.remove_prefix(6);
  if (name == "auto" || std::find(fam.torch_dtypes.begin(), fam.torch_dtypes.end(), name) != fam.torch_dtypes.end()) return {};
  return core::make_error(core::ExitCode::bad_input, "intake.config_dtype_unknown")
      .with("source", std::string(source))
      .with("value", dtype.size() > 64 ? dtype.substr(0, 64) + "..." : dtype);
}

}  // namespace

core::Error implausible_config_value(std::string_view source, const std::string& key, const std::string& value, ConfigBound b) {
  return core::make_error(core::ExitCode::bad_input, "intake.config_implausible")
      .with("source", std::string(source))
      .with("key", key)
      .with("value", value)
      .with("max", std::to_string(b.max));
}

core::Result<ModelFacts> read_config_facts(const core::Json& config, const knowledge::ModelFamilies& fam, std::string_view source) {
  if (!config.is_object()) {
    return core::make_error(core::ExitCode::bad_input, "intake.config_not_object").with("source", std::string(source));
  }
  ModelFacts f;
  QPTQ_TRY_ASSIGN(auto model_type, first_string(config, {"model_type"}, source));
  if (!model_type || model_type->empty()) {
    return core::make_error(core::ExitCode::bad_input, "intake.config_no_model_type").with("source", std::string(source));
  }
  f.model_type = *model_type;
  if (config.contains("architectures")) {
    if (!config["architectures"].is_array() && !config["architectures"].is_null()) {
      return bad_field(source, "architectures", "a list of strings");
    }
    f.architectures = core::json_string_list(config, "architectures");
  }
  QPTQ_TRY_ASSIGN(f.transformers_version, first_string(config, {"transformers_version"}, source));
  if (const core::Json* am = core::json_object(config, "auto_map")) {
    for (auto it = am->begin(); it != am->end(); ++it) {
      f.auto_map.push_back(it.key());
      // A class path, or a [slow, fast] pair of them (tokenizers); null where none is given.
      std::vector<std::string> targets;
      if (it.value().is_string()) targets.push_back(it.value().get<std::string>());
      if (it.value().is_array()) {
        for (const auto& t : it.value()) {
          if (t.is_string()) targets.push_back(t.get<std::string>());
        }
      }
      for (const auto& t : targets) f.auto_map_code.push_back(it.key() + ": " + t);
    }
  } else if (config.contains("auto_map") && !config["auto_map"].is_null()) {
    return bad_field(source, "auto_map", "an object");
  }

  // The language model's config: nested for multimodal models.
  const core::Json* text = &config;
  for (const auto& key : fam.text_config_keys) {
    if (const core::Json* t = core::json_object(config, key)) {
      text = t;
      f.text_config_key = key;
      QPTQ_TRY_ASSIGN(f.text_model_type, first_string(*t, {"model_type"}, source));
      break;
    }
  }
  const core::Json& t = *text;
  const std::string prefix = f.text_config_key.empty() ? std::string() : f.text_config_key + ".";
  QPTQ_TRY_ASSIGN(f.num_layers, first_int(t, fam.num_layers_keys, source, kLayers, prefix));
  QPTQ_TRY_ASSIGN(f.hidden_size, first_int(t, fam.hidden_size_keys, source, kWidth, prefix));
  QPTQ_TRY_ASSIGN(f.num_heads, first_int(t, fam.num_heads_keys, source, kHeads, prefix));
  QPTQ_TRY_ASSIGN(f.num_kv_heads, first_int(t, fam.num_kv_heads_keys, source, kHeads, prefix));
  f.kv_heads_source = f.num_kv_heads ? "config" : "";
  if (!f.num_kv_heads && f.num_heads) {
    f.num_kv_heads = f.num_heads;  // every transformers config defaults KV heads to the head count
    f.kv_heads_source = "derived";
  }
  // Falcon and GPT-BigCode: multi_query means one K/V head whatever num_kv_heads says, unless
  // Falcon's new decoder architecture (transformers' FalconAttention: num_kv_heads if
  // new_decoder_architecture or not multi_query, else 1; GPTBigCodeAttention: 1 if multi_query).
  if (core::json_bool(t, "multi_query").value_or(false) && !core::json_bool(t, "new_decoder_architecture").value_or(false)) {
    f.num_kv_heads = 1;
    f.kv_heads_source = "multi_query";
  }
  // Config values with which the installed forward pass fails in a known place (DBRX with
  // attn_config.clip_qkv null): knowledge/intake/forward_risks.json; the risks say what to do.
  QPTQ_TRY_ASSIGN(const knowledge::ForwardRisks* forward, knowledge::forward_risks());
  f.forward_risks = forward->holding(f.model_type, t);
  QPTQ_TRY_ASSIGN(f.head_dim, first_int(t, {"head_dim"}, source, kHeads, prefix));
  f.head_dim_source = f.head_dim ? "config" : "";
  QPTQ_TRY_ASSIGN(auto nope, first_int(t, {"qk_nope_head_dim"}, source, kHeads, prefix));
  QPTQ_TRY_ASSIGN(auto rope, first_int(t, {"qk_rope_head_dim"}, source, kHeads, prefix));
  if (!f.head_dim && nope && rope) {
    f.head_dim = *nope + *rope;  // MLA: the query/key head is the no-RoPE plus the RoPE part
    f.head_dim_source = "mla";
  }
  if (!f.head_dim && f.hidden_size && f.num_heads && *f.num_heads > 0) {
    f.head_dim = *f.hidden_size / *f.num_heads;
    f.head_dim_source = "derived";
  }
  std::string lm_type = f.text_model_type.value_or(f.model_type);
  QPTQ_TRY_ASSIGN(f.intermediate_size, first_int(t, fam.intermediate_size_keys, source, kFfn, prefix));
  auto dense_key = fam.dense_intermediate_size_keys.find(lm_type);
  if (dense_key == fam.dense_intermediate_size_keys.end()) dense_key = fam.dense_intermediate_size_keys.find(f.model_type);
  std::optional<std::int64_t> expert_inter = f.intermediate_size;
  if (dense_key != fam.dense_intermediate_size_keys.end()) {
    QPTQ_TRY_ASSIGN(auto dense, first_int(t, {dense_key->second}, source, kFfn, prefix));
    if (dense) f.intermediate_size = dense;
  }
  QPTQ_TRY_ASSIGN(f.vocab_size, first_int(t, {"vocab_size", "padded_vocab_size"}, source, kVocab, prefix));
  QPTQ_TRY_ASSIGN(f.context_length, first_int(t, fam.context_length_keys, source, kContext, prefix));
  QPTQ_TRY_ASSIGN(f.dtype, first_string(t, fam.dtype_keys, source));
  if (!f.dtype) {
    QPTQ_TRY_ASSIGN(f.dtype, first_string(config, fam.dtype_keys, source));
  }
  // Every spelling present is checked: transformers releases read one or the other.
  for (const core::Json* level : {&t, &config}) {
    for (const auto& key : fam.dtype_keys) {
      if (auto v = core::json_string(*level, key)) QPTQ_TRY(check_dtype(*v, fam, source));
    }
  }

  // tie_word_embeddings may sit at the top level of a multimodal config.
  auto tie = core::json_bool(t, "tie_word_embeddings");
  if (!tie) tie = core::json_bool(config, "tie_word_embeddings");
  if (tie) {
    f.tie_word_embeddings = tie;
    f.tie_source = "config";
  } else {
    f.tie_word_embeddings = fam.tie_default(lm_type);
    f.tie_source = "class_default";
  }

  // DBRX keeps its MoE facts in a nested ffn_config; they count as the text config's own.
  core::Json with_ffn;
  const core::Json* moe_source = &t;
  if (const core::Json* ffn = core::json_object(t, "ffn_config")) {
    with_ffn = t;
    for (auto it = ffn->begin(); it != ffn->end(); ++it) {
      if (!with_ffn.contains(it.key())) with_ffn[it.key()] = *it;
    }
    moe_source = &with_ffn;
  }
  QPTQ_TRY_ASSIGN(f.moe, read_moe(*moe_source, lm_type, fam, f.num_layers, expert_inter, source, prefix));
  f.layer_types = core::json_string_list(t, "layer_types");
  if (auto r = core::json_int(t, "kv_lora_rank")) {
    f.mla = core::Json::object();
    for (const auto& k : fam.mla_keys) {
      auto it = t.find(k);
      f.mla[k] = it == t.end() ? core::Json(nullptr) : *it;
    }
  }
  QPTQ_TRY_ASSIGN(f.mtp_layers, first_int(t, {"num_nextn_predict_layers"}, source, kLayers, prefix));

  for (const auto& [key, kind] : fam.modality_config_keys) {
    const core::Json* m = core::json_object(config, key);
    if (m == nullptr) continue;
    Modality mod;
    mod.config_key = key;
    mod.kind = kind;
    mod.model_type = core::json_string(*m, "model_type");
    QPTQ_TRY_ASSIGN(mod.hidden_size, first_int(*m, {"hidden_size", "embed_dim"}, source, kWidth, key + "."));
    mod.config = *m;
    QPTQ_TRY_ASSIGN(mod.num_layers, first_int(*m, {"num_hidden_layers", "depth"}, source, kLayers, key + "."));
    f.modalities.push_back(std::move(mod));
  }

  if (const core::Json* q = core::json_object(config, "quantization_config")) {
    PreQuantized p;
    p.quant_method = core::json_string(*q, "quant_method").value_or("unknown");
    std::string d;
    if (auto fmt = core::json_string(*q, "fmt")) d += "fmt=" + *fmt;
    if (auto fmt = core::json_string(*q, "format")) d += (d.empty() ? "" : ", ") + std::string("format=") + *fmt;
    if (auto bits = core::json_int(*q, "bits")) d += (d.empty() ? "" : ", ") + std::string("bits=") + std::to_string(*bits);
    p.detail = d;
    f.pre_quantized = p;
  }

  // Material facts: without them the analysis is partial.
  if (!f.num_layers) f.missing.push_back("num_hidden_layers");
  if (!f.hidden_size) f.missing.push_back("hidden_size");
  if (!f.num_heads) f.missing.push_back("num_attention_heads");
  if (!f.vocab_size) f.missing.push_back("vocab_size");
  if (!f.context_length) f.missing.push_back("max_position_embeddings");
  if (f.architectures.empty()) f.missing.push_back("architectures");
  return f;
}

}  // namespace intake
