#include "manifest/plan_view.h"

#include "plan/plan_file.h"

namespace manifest {

namespace {

core::Error invalid(const std::string& field, const std::string& why) {
  return core::make_error(core::ExitCode::plan_invalid, "manifest.plan_field_invalid")
      .with("field", field)
      .with("why", why)
      .with("command", "quark-ptq plan");
}

core::Result<void> read_model(PlanView& v, const plan::PlanFile& plan, const core::Json& analysis) {
  auto path = core::json_first_string(analysis, {"model/model_path", "model/source"});
  if (!path) path = plan.model_path;
  if (!path || path->empty()) return invalid("model.model_path", "missing in model_analysis.json");
  v.model = *path;
  v.model_is_local = !v.model.empty() && v.model.front() == '/';
  v.revision = core::json_first_string(analysis, {"source/revision", "model/revision", "source/commit", "model/commit"});
  v.commit = core::json_first_string(analysis, {"source/identity/commit", "source/commit", "model/commit"});
  v.model_type = plan.model_type.value_or(core::json_first_string(analysis, {"model/model_type"}).value_or(""));
  if (const core::Json* files =
          core::json_first_at(analysis, {"files/tokenizer_files", "tokenizer/files", "model/tokenizer_files", "tokenizer_files"});
      files && files->is_array()) {
    for (const auto& f : *files) {
      if (f.is_string()) v.tokenizer_files.push_back(f.get<std::string>());
    }
  }
  return core::ok();
}

core::Result<void> read_schemes(PlanView& v, const plan::PlanFile& plan) {
  if (!plan.global_scheme) return invalid("global_scheme", "missing or empty");
  v.global_scheme = *plan.global_scheme;
  v.kv_cache_scheme = plan.kv_cache_scheme;
  v.layer_quant_config = plan.layer_quant_config;
  return core::ok();
}

core::Result<void> read_exclusions(PlanView& v, const plan::PlanFile& plan, const core::Json& analysis) {
  v.exclude_layers = plan.exclude_layers;
  if (plan.exclude_layers_overridden) {
    v.exclude_layers_overridden = *plan.exclude_layers_overridden;
    return core::ok();
  }
  // No explicit marker: an override is a list that differs from the template's defaults.
  const core::Json* targets = core::json_object(analysis, "quantization_targets");
  std::vector<std::string> defaults;
  if (targets != nullptr) defaults = core::json_string_list(*targets, "exclude_defaults");
  v.exclude_layers_overridden = v.exclude_layers != defaults;
  if (v.exclude_layers_overridden && v.exclude_layers.empty()) {
    // Never emit a bare --exclude_layers (which quantizes lm_head) unless the plan says so.
    return invalid("exclude_layers",
                   "empty while the template excludes layers; set exclude_layers_overridden: true to quantize everything");
  }
  return core::ok();
}

core::Result<void> read_calibration(PlanView& v, const plan::PlanFile& plan) {
  Calibration& c = v.calibration;
  c.dataset = plan.calib_dataset.value_or(kCliDefaultDataset);
  c.num_calib_data = plan.num_calib_data.value_or(kCliDefaultNumCalibData);
  c.seq_len = plan.seq_len.value_or(kCliDefaultSeqLen);
  c.batch_size = plan.batch_size.value_or(kCliDefaultBatchSize);
  if (c.num_calib_data < 1) return invalid("calibration.num_calib_data", "must be at least 1");
  if (c.seq_len < 1) return invalid("calibration.seq_len", "must be at least 1");
  if (c.batch_size < 1) return invalid("calibration.batch_size", "must be at least 1");
  if (c.num_calib_data < c.batch_size) {
    // drop_last=True in Quark's loader: fewer samples than a batch means no calibration at all.
    return invalid("calibration.num_calib_data", "smaller than batch_size, so no calibration batch would run");
  }
  return core::ok();
}

void read_execution(PlanView& v, const plan::PlanFile& plan) {
  v.evaluation_intent = plan.evaluation_intent.value_or("full");
  v.evaluation_dataset = plan.evaluation_dataset.value_or(kCliDefaultEvaluationDataset);
  v.evaluated_by_quark_ptq = plan.evaluated_by_quark_ptq;
  // Only a section quark-ptq evaluates by is the manifest's (plan.evaluation is any section).
  v.evaluation = plan.evaluated_by_quark_ptq ? plan.evaluation : core::Json(nullptr);
  const auto& strategy = plan.device_strategy;
  v.device_strategy = strategy.value_or("");
  v.multi_device = plan.multi_device.value_or(strategy && *strategy == "multi_device");
  if (strategy && *strategy == "cpu") v.device = "cpu";
  v.trust_remote_code = plan.trust_remote_code.value_or(false);
  v.quark_version = plan.quark_version;
  v.python = plan.python;
  v.env_changes = plan.env_changes;
}

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
  for (const auto& g : *groups) {
    std::int64_t n = core::json_int(g, "count").value_or(0);
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
}

// Parameter counts: the exact inventory when intake recorded one, else config arithmetic.
void read_size(PlanView& v, const core::Json& a) {
  ModelSize& s = v.size;
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

core::Result<PlanView> read_plan_view(const core::Json& plan_doc, const core::Json& analysis) {
  QPTQ_TRY_ASSIGN(plan::PlanFile plan, plan::read_plan_file(plan_doc));
  PlanView v;
  QPTQ_TRY(read_model(v, plan, analysis));
  QPTQ_TRY(read_schemes(v, plan));
  QPTQ_TRY(read_exclusions(v, plan, analysis));
  v.algorithms = plan.algorithms;
  QPTQ_TRY(read_calibration(v, plan));
  read_execution(v, plan);
  read_size(v, analysis);
  return v;
}

}  // namespace manifest
