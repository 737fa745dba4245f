#include "intake/analysis_file.h"

namespace intake {

namespace {

// intake's exact inventory (safetensors headers): inventory.by_dtype totals, and the groups
// Quark will quantize (count x product of the weight shape). The workdir is input: sums or
// products that do not fit int64 (an edited analysis; analysis_fuzz found one) make that
// total unknown, never a wrapped number.
void read_inventory(ModelSize& s, const core::Json& a) {
  auto add = [](std::int64_t& sum, std::int64_t n) { return !__builtin_add_overflow(sum, n, &sum); };
  const core::Json* inv = core::json_object(a, "inventory");
  if (inv == nullptr) return;
  if (const core::Json* by_dtype = core::json_object(*inv, "by_dtype")) {
    std::int64_t params = 0;
    std::int64_t bytes = 0;
    bool params_fit = true;
    bool bytes_fit = true;
    for (const auto& [dtype, t] : by_dtype->items()) {
      params_fit = params_fit && add(params, core::json_int(t, "parameters").value_or(0));
      bytes_fit = bytes_fit && add(bytes, core::json_int(t, "bytes").value_or(0));
    }
    if (params_fit && params > 0) s.total_parameters = params;
    if (bytes_fit && bytes > 0) s.weight_bytes = bytes;
  }
  const core::Json* groups = core::json_array(*inv, "groups");
  if (groups == nullptr) return;
  std::int64_t quantized = 0;
  std::int64_t experts = 0;
  std::int64_t linears = 0;
  for (const auto& g : *groups) {
    std::int64_t n = core::json_int(g, "count").value_or(0);
    std::int64_t modules = 0;
    if (core::json_bool(g, "quantized").value_or(false) &&
        (__builtin_mul_overflow(n, core::json_int(g, "linear_modules").value_or(0), &modules) || !add(linears, modules))) {
      return;
    }
    const core::Json* shape = core::json_array(g, "shape");
    if (shape == nullptr) continue;
    for (const auto& dim : *shape) {
      const std::int64_t d = dim.is_number_integer() ? dim.get<std::int64_t>() : 0;
      if (__builtin_mul_overflow(n, d, &n)) return;
    }
    if (core::json_bool(g, "quantized").value_or(false) && !add(quantized, n)) return;
    if (core::json_string(g, "role").value_or("") == "experts" && !add(experts, n)) return;
  }
  if (quantized > 0) s.quantizable_parameters = quantized;
  s.expert_parameters = experts;
  s.quantized_linear_modules = linears;
}

// Parameter counts: the exact inventory when intake recorded one, else config arithmetic.
void read_size(ModelSize& s, const core::Json& a) {
  s.hidden_size =
      core::json_first_int(a, {"architecture/hidden_size", "config/hidden_size", "model/hidden_size", "hidden_size"}).value_or(0);
  s.intermediate_size = core::json_first_int(a, {"architecture/intermediate_size", "config/intermediate_size", "model/intermediate_size",
                                                 "intermediate_size"})
                            .value_or(0);
  s.num_layers = core::json_first_int(
                     a, {"architecture/num_hidden_layers", "config/num_hidden_layers", "model/num_hidden_layers", "num_hidden_layers"})
                     .value_or(0);
  s.num_attention_heads = core::json_first_int(a, {"architecture/num_attention_heads", "config/num_attention_heads",
                                                   "model/num_attention_heads", "num_attention_heads"})
                              .value_or(0);
  s.num_key_value_heads = core::json_first_int(a, {"architecture/num_key_value_heads", "config/num_key_value_heads",
                                                   "model/num_key_value_heads", "num_key_value_heads"})
                              .value_or(0);
  s.head_dim = core::json_first_int(a, {"architecture/head_dim", "config/head_dim", "model/head_dim", "head_dim"}).value_or(0);
  s.tied_embeddings =
      core::json_first_bool(a, {"architecture/tie_word_embeddings", "config/tie_word_embeddings", "model/tie_word_embeddings"})
          .value_or(false);
  s.vocab_size = core::json_first_int(a, {"architecture/vocab_size", "config/vocab_size", "model/vocab_size", "vocab_size"}).value_or(0);
  s.num_experts = core::json_first_int(
                      a, {"moe/num_experts", "architecture/num_experts", "architecture/num_local_experts", "architecture/n_routed_experts",
                          "config/num_experts", "config/num_local_experts", "config/n_routed_experts", "model/num_experts"})
                      .value_or(0);
  s.moe_intermediate_size = core::json_first_int(a, {"moe/moe_intermediate_size", "architecture/moe_intermediate_size",
                                                     "config/moe_intermediate_size", "model/moe_intermediate_size"})
                                .value_or(0);
  s.experts_per_token = core::json_first_int(a, {"moe/experts_per_token", "architecture/num_experts_per_tok", "config/num_experts_per_tok",
                                                 "model/num_experts_per_tok"})
                            .value_or(0);
  s.dtype = core::json_first_string(
                a, {"inventory/dtype", "weights/dtype", "model/dtype", "model/torch_dtype", "config/torch_dtype", "architecture/dtype"})
                .value_or("");
  s.total_parameters = core::json_first_int(a, {"inventory/total_parameters", "inventory/parameters", "weights/total_parameters",
                                                "model/parameter_count", "parameter_count"})
                           .value_or(0);
  s.quantizable_parameters = core::json_first_int(a, {"inventory/quantizable_parameters", "quantization_targets/quantizable_parameters",
                                                      "quantization_targets/parameter_count", "weights/linear_parameters"})
                                 .value_or(0);
  s.weight_bytes = core::json_first_int(a, {"inventory/total_bytes", "inventory/weight_bytes", "weights/total_bytes", "model/weight_bytes",
                                            "size/weight_bytes"})
                       .value_or(0);
  read_inventory(s, a);
  s.source = s.total_parameters > 0 ? "model_analysis inventory" : "config arithmetic";
}

}  // namespace

std::optional<std::string> AnalysisFile::pinned_commit() const {
  if (source) {
    if (auto c = core::json_string(source->identity, "commit")) return c;
  }
  return resolved_commit;
}

AnalysisFile read_analysis_file(const core::Json& doc) {
  AnalysisFile f;
  f.model_path = core::json_first_string(doc, {"model/model_path", "model/source"}).value_or("");
  f.model_type = core::json_first_string(doc, {"model/model_type"}).value_or("");
  f.trust_remote_code = core::json_first_bool(doc, {"model/trust_remote_code"}).value_or(false);
  if (const core::Json* rc = core::json_at(doc, "model/remote_code"); rc != nullptr && rc->is_object()) {
    f.tokenizer_code = core::json_string_list(*rc, "tokenizer_auto_map");
    f.config_code = core::json_string_list(*rc, "config_auto_map");
  }
  f.analysis_status = core::json_string(doc, "analysis_status").value_or("");
  if (const core::Json* s = core::json_object(doc, "source")) {
    AnalysisSource src;
    src.kind = core::json_string(*s, "kind").value_or("");
    src.input = core::json_string(*s, "input").value_or("");
    src.repo_id = core::json_string(*s, "repo_id");
    src.snapshot_dir = core::json_string(*s, "snapshot_dir");
    // As recorded, whatever its type: prepare compares it with the files (a malformed one differs).
    if (const core::Json* id = core::json_at(*s, "identity")) src.identity = *id;
    f.source = std::move(src);
  }
  f.revision = core::json_first_string(doc, {"source/revision", "model/revision"});
  f.resolved_commit = core::json_first_string(doc, {"source/commit", "model/commit"});
  const core::Json* files =
      core::json_first_at(doc, {"files/tokenizer_files", "tokenizer/files", "model/tokenizer_files", "tokenizer_files"});
  if (files != nullptr && files->is_array()) {
    for (const auto& name : *files) {
      if (name.is_string()) f.tokenizer_files.push_back(name.get<std::string>());
    }
  }
  if (const core::Json* t = core::json_object(doc, "quantization_targets"))
    f.exclude_defaults = core::json_string_list(*t, "exclude_defaults");
  read_size(f.size, doc);
  return f;
}

}  // namespace intake
