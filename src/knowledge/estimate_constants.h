// The constants of the resource estimate (knowledge/estimate.json; the method is
// references/environment.md#resource-estimate). Every field is required: the estimate has
// no constants of its own. Bits per weight are not here: they are each release's
// schemes.json's bytes_per_weight.
#pragma once

#include <map>
#include <optional>
#include <string>

#include "core/result.h"

namespace knowledge {

// Extra GPU state and time of one algorithm.
struct AlgorithmCost {
  double hessian_copies = 0;   // fp32 in_features^2 per Linear of a decoder layer
  double cached_io = 0;        // copies of N x L x hidden kept for all calibration samples
  bool linear_inputs = false;  // cached inputs of every Linear of a block
  double time_factor = 1;      // multiplies the calibration time
  double seconds_per_layer_parameter = 0;
  double seconds_per_layer_parameter_token = 0;
  double fixed_seconds = 0;                 // once per run (AWQ: the first torch.compile of fake quantization)
  double seconds_per_expert_layer = 0;      // per MoE expert of every decoder layer
  double seconds_per_expert_parameter = 0;  // per MoE expert weight (the rest: seconds_per_layer_parameter*)
  // On a CPU, per decoder-layer parameter (AWQ's searches, measured); 0: not measured there,
  // the GPU figures above are used.
  double cpu_seconds_per_layer_parameter = 0;
  struct Layerwise {  // layer-by-layer algorithms (AWQ): the clip and scale searches
    double clip_copies = 0;
    double clip_out_channels = 0;            // output rows per clip chunk when out_features divides by it
    double clip_out_channels_unaligned = 0;  // ... and otherwise
    double clip_tokens = 0;
    double scale_search_hidden_copies = 0;  // N x L x hidden tensors of the attention scale search
    double scale_search_score_bytes = 0;    // bytes per N x heads x L x L attention-weight element there
    double input_feat_copies = 0;           // host: copies of every Linear's cached inputs (N x L x in_features)
  };
  std::optional<Layerwise> layerwise;
};

struct EstimateConstants {
  std::map<std::string, double, std::less<>> dtype_bytes;  // "" : an unknown dtype
  struct {
    double fraction_large, fraction_small, large_threshold_gib, other_fraction_large, other_fraction_small;
  } gpu0_cap{};
  struct {
    double hidden_copies, attention_score_bytes_per_element, mlp_copies, logit_bytes, weight_temp_copies, weight_temp_bytes;
  } activation{};
  struct {
    double seq_len, tokens, effective_tflops;
  } evaluation{};
  std::map<std::string, AlgorithmCost, std::less<>> algorithms;
  struct {
    double context_gib, fragmentation, tokenizer_and_config_gib, max_shard_gib, moe_unfuse_fraction;
  } overhead{};
  struct {
    double startup_seconds, load_gib_per_second, write_gib_per_second, calibration_effective_tflops, cpu_effective_tflops,
        cpu_offload_slowdown, calibration_floor_seconds, export_floor_seconds, pack_seconds_per_quantized_gib, pack_seconds_per_linear;
    // quark-cli on a CPU (no GPU): its start-up, and each calibration batch's fake quantization of
    // every quantized weight (per quantized parameter), beside the forward FLOPs at cpu_effective_tflops.
    double cpu_startup_seconds, cpu_batch_seconds_per_quantized_parameter;
  } time{};
  struct {
    double bytes_per_group_mx, bytes_per_group_other;
  } quantizer_state{};
  struct {  // quark-ptq's own part of step 4: verification (hashing) and its evaluation
    double verify_gib_per_second, evaluation_startup_seconds, evaluation_canary_seconds, evaluation_effective_tflops,
        cpu_evaluation_effective_tflops;
    double evaluator_waiting_gib;  // the evaluator's resident memory while it waits beside quark-cli
  } step4{};
  struct {  // prepare --executor slurm: what the job asks for beyond the estimate
    double memory_margin_pct, time_margin_pct, minimum_minutes, minimum_memory_gib;
  } slurm{};
  struct {                                               // quark-cli's host peak: the largest of its load, export and AWQ phases
    double process_floor_gib, source_resident_fraction;  // load: floor + mapped checkpoint pages
    double working_floor_gib, output_copies;             // export: floor after calibration + shard copies
    double awq_decoder_copies, compile_worker_gib, max_compile_workers, reference_cpu_count;  // AWQ
  } host{};

  // Bytes per weight of a checkpoint dtype; the "" entry for one the table does not name.
  double bytes_of_dtype(std::string_view dtype) const;
  // The algorithm's costs; nullptr for one without (it adds nothing).
  const AlgorithmCost* algorithm(std::string_view name) const;
};

// Parsed once; internal "knowledge.data_invalid" naming the first missing field.
core::Result<const EstimateConstants*> estimate_constants();

}  // namespace knowledge
