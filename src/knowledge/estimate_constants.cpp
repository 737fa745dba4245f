#include "knowledge/estimate_constants.h"

#include "core/embedded.h"
#include "knowledge/data_error.h"
#include "knowledge/strict_fields.h"

namespace knowledge {

namespace {

constexpr std::string_view kPath = "knowledge/estimate.json";

AlgorithmCost algorithm_cost(StrictFields& f, const core::Json& j, const std::string& where) {
  AlgorithmCost a;
  a.hessian_copies = f.number(j, where, "hessian_copies");
  a.cached_io = f.number(j, where, "cached_io");
  a.linear_inputs = f.boolean(j, where, "linear_inputs");
  a.time_factor = f.number(j, where, "time_factor");
  if (j.contains("seconds_per_layer_parameter") || j.contains("seconds_per_layer_parameter_token")) {
    a.seconds_per_layer_parameter = f.number(j, where, "seconds_per_layer_parameter");
    a.seconds_per_layer_parameter_token = f.number(j, where, "seconds_per_layer_parameter_token");
    a.fixed_seconds = f.number(j, where, "fixed_seconds");
    a.seconds_per_expert_layer = f.number(j, where, "seconds_per_expert_layer");
    a.seconds_per_expert_parameter = f.number(j, where, "seconds_per_expert_parameter");
  }
  if (j.contains("cpu_seconds_per_layer_parameter"))
    a.cpu_seconds_per_layer_parameter = f.number(j, where, "cpu_seconds_per_layer_parameter");
  if (j.contains("layerwise")) {
    const core::Json& lw = f.object(j, where, "layerwise");
    std::string at = where + "/layerwise";
    a.layerwise = AlgorithmCost::Layerwise{f.number(lw, at, "clip_copies"),
                                           f.number(lw, at, "clip_out_channels"),
                                           f.number(lw, at, "clip_out_channels_unaligned"),
                                           f.number(lw, at, "clip_tokens"),
                                           f.number(lw, at, "scale_search_hidden_copies"),
                                           f.number(lw, at, "scale_search_score_bytes"),
                                           f.number(lw, at, "input_feat_copies")};
  }
  return a;
}

core::Result<EstimateConstants> parse() {
  auto text = core::embedded_file(kPath);
  if (!text) return core::fail(data_missing(kPath));
  QPTQ_TRY_ASSIGN(core::Json doc, core::parse_json(*text, kPath));
  StrictFields f{std::string(kPath)};
  EstimateConstants c;
  for (const auto& [dtype, bytes] : f.object(doc, "", "dtype_bytes").items()) {
    if (!bytes.is_number()) return core::fail(data_invalid(kPath, "/dtype_bytes/" + dtype + " is not a number"));
    c.dtype_bytes.emplace(dtype, bytes.get<double>());
  }
  if (f.ok() && c.dtype_bytes.count("") == 0) return core::fail(data_invalid(kPath, "/dtype_bytes has no \"\" entry for unknown dtypes"));

  const core::Json& cap = f.object(doc, "", "quark_gpu0_cap");
  c.gpu0_cap = {f.number(cap, "/quark_gpu0_cap", "fraction_large"), f.number(cap, "/quark_gpu0_cap", "fraction_small"),
                f.number(cap, "/quark_gpu0_cap", "large_threshold_gib"), f.number(cap, "/quark_gpu0_cap", "other_fraction_large"),
                f.number(cap, "/quark_gpu0_cap", "other_fraction_small")};
  const core::Json& act = f.object(doc, "", "activation");
  c.activation = {f.number(act, "/activation", "hidden_copies"),      f.number(act, "/activation", "attention_score_bytes_per_element"),
                  f.number(act, "/activation", "mlp_copies"),         f.number(act, "/activation", "logit_bytes"),
                  f.number(act, "/activation", "weight_temp_copies"), f.number(act, "/activation", "weight_temp_bytes")};
  const core::Json& ev = f.object(doc, "", "evaluation");
  c.evaluation = {f.number(ev, "/evaluation", "seq_len"), f.number(ev, "/evaluation", "tokens"),
                  f.number(ev, "/evaluation", "effective_tflops")};
  for (const auto& [name, body] : f.object(doc, "", "algorithms").items()) {
    if (name == "description") continue;
    c.algorithms.emplace(name, algorithm_cost(f, body, "/algorithms/" + name));
  }
  const core::Json& ov = f.object(doc, "", "overhead");
  c.overhead = {f.number(ov, "/overhead", "context_gib"), f.number(ov, "/overhead", "fragmentation"),
                f.number(ov, "/overhead", "tokenizer_and_config_gib"), f.number(ov, "/overhead", "max_shard_gib"),
                f.number(ov, "/overhead", "moe_unfuse_fraction")};
  const core::Json& tm = f.object(doc, "", "time");
  c.time = {f.number(tm, "/time", "startup_seconds"),
            f.number(tm, "/time", "load_gib_per_second"),
            f.number(tm, "/time", "write_gib_per_second"),
            f.number(tm, "/time", "calibration_effective_tflops"),
            f.number(tm, "/time", "cpu_effective_tflops"),
            f.number(tm, "/time", "cpu_offload_slowdown"),
            f.number(tm, "/time", "calibration_floor_seconds"),
            f.number(tm, "/time", "export_floor_seconds"),
            f.number(tm, "/time", "pack_seconds_per_quantized_gib"),
            f.number(tm, "/time", "pack_seconds_per_linear"),
            f.number(tm, "/time", "cpu_startup_seconds"),
            f.number(tm, "/time", "cpu_batch_seconds_per_quantized_parameter")};
  const core::Json& s4 = f.object(doc, "", "step4");
  c.step4 = {f.number(s4, "/step4", "verify_gib_per_second"),           f.number(s4, "/step4", "evaluation_startup_seconds"),
             f.number(s4, "/step4", "evaluation_canary_seconds"),       f.number(s4, "/step4", "evaluation_effective_tflops"),
             f.number(s4, "/step4", "cpu_evaluation_effective_tflops"), f.number(s4, "/step4", "evaluator_waiting_gib")};
  const core::Json& qs = f.object(doc, "", "quantizer_state");
  c.quantizer_state = {f.number(qs, "/quantizer_state", "bytes_per_group_mx"), f.number(qs, "/quantizer_state", "bytes_per_group_other")};
  const core::Json& slurm = f.object(doc, "", "slurm");
  c.slurm = {f.number(slurm, "/slurm", "memory_margin_pct"), f.number(slurm, "/slurm", "time_margin_pct"),
             f.number(slurm, "/slurm", "minimum_minutes"), f.number(slurm, "/slurm", "minimum_memory_gib")};
  const core::Json& host = f.object(doc, "", "host");
  c.host = {f.number(host, "/host", "process_floor_gib"),   f.number(host, "/host", "source_resident_fraction"),
            f.number(host, "/host", "working_floor_gib"),   f.number(host, "/host", "output_copies"),
            f.number(host, "/host", "awq_decoder_copies"),  f.number(host, "/host", "compile_worker_gib"),
            f.number(host, "/host", "max_compile_workers"), f.number(host, "/host", "reference_cpu_count")};
  QPTQ_TRY(f.result());
  return c;
}

}  // namespace

double EstimateConstants::bytes_of_dtype(std::string_view dtype) const {
  auto it = dtype_bytes.find(dtype);
  return it != dtype_bytes.end() ? it->second : dtype_bytes.find("")->second;
}

const AlgorithmCost* EstimateConstants::algorithm(std::string_view name) const {
  auto it = algorithms.find(name);
  return it != algorithms.end() ? &it->second : nullptr;
}

core::Result<const EstimateConstants*> estimate_constants() {
  static const core::Result<EstimateConstants> k = parse();
  if (!k) return k.error();
  return &k.value();
}

}  // namespace knowledge
