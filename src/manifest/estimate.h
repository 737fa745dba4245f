// The resource estimate: GPU memory, host RAM, disk and a rough time for one
// `quark-cli torch-llm-ptq` run, compared with what the environment probe found. Pure:
// facts in, numbers out; the constants are data (knowledge/estimate.json) and the method is
// written down in references/environment.md.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "artifacts/estimate_record.h"
#include "core/json_io.h"
#include "core/messages.h"
#include "knowledge/estimate_constants.h"
#include "manifest/plan_view.h"

namespace manifest {

struct GpuCapacity {
  std::int64_t total_bytes = -1;
  std::int64_t free_bytes = -1;  // -1: unknown, total is used instead
};

struct EstimateInputs {
  ModelSize size;
  std::string scheme;
  std::string quark_release = "0.13";  // whose knowledge/quark/<release>/schemes.json sizes the output
  std::vector<std::string> algorithms;
  Calibration calibration;
  bool evaluation = false;  // quark-cli evaluates (ppl_eval)
  // quark-ptq evaluates after verification (the plan's `evaluation` section): its windows,
  // tokens per window and time budget.
  struct OwnEvaluation {
    double windows = 8, seq_len = 256, budget_seconds = 900;
  };
  std::optional<OwnEvaluation> own_evaluation;
  // That evaluator starts beside quark-cli on this host and waits there (a local run; a Slurm
  // job's starts on the login node after the job): the host holds both.
  bool evaluator_beside_quark_cli = false;
  bool multi_device = false;
  std::vector<GpuCapacity> gpus;  // visible GPUs, GPU0 first; empty: none known, or a CPU plan
  std::int64_t host_available_bytes = -1;
  std::int64_t disk_free_bytes = -1;  // free space where the output goes
  std::int64_t cpu_count = -1;        // CPUs quark-cli may use (torch.compile's worker pool); -1 unknown
};

// What to change so that the run fits: a catalog id ("manifest.recommend.*") and its arguments.
struct Recommendation {
  std::string id;
  std::vector<core::MessageArg> args;
  std::string text(core::Lang lang) const { return core::msg(lang, id, args); }
};

struct Estimate {
  // parameters
  std::int64_t total_parameters = 0;
  std::int64_t quantized_parameters = 0;
  std::string parameter_source;  // "inventory" or "config arithmetic"
  // GPU (GiB)
  double weights_gib = 0;       // checkpoint in its load dtype
  double gpu0_weights_gib = 0;  // what Quark's placement leaves on GPU0
  double other_gpu_weights_gib = 0;
  double cpu_offload_gib = 0;
  double activations_gib = 0;             // calibration (or evaluation) forward pass
  double algorithm_gib = 0;               // Hessians, cached inputs (AWQ: its clip search too)
  double layerwise_phase_gib = 0;         // GPU0 while a layer-by-layer algorithm (AWQ) runs; 0: none
  double layerwise_scale_search_gib = 0;  // AWQ's attention scale search when it is the larger search there (grows with N); else 0
  double quantizer_state_gib = 0;         // per-group observer state of the quantized weights
  double moe_unfuse_gib = 0;              // expert copies while Quark unfuses fused MoE experts
  double gpu_peak_gib = 0;                // GPU0
  double gpu_available_gib = -1;          // GPU0 free (or total), -1 unknown
  // host and disk (GiB)
  double host_peak_gib = 0;       // the largest of the phases below, + the evaluator waiting beside quark-cli
  double host_evaluator_gib = 0;  // the evaluator waiting beside quark-cli; 0: none waits there
  double host_load_gib = 0;       // loading: process floor + mapped checkpoint pages
  double host_export_gib = 0;     // export: working floor + the output shard
  double host_awq_gib = 0;        // AWQ: working floor + compile workers + decoder layers on CPU; 0: no AWQ
  // The host peak is a phase of seconds or less (the checkpoint's load, the export's second copy of
  // a shard), which a monitor sampling every few seconds may miss; false: the AWQ phase or the
  // compile workers of an integer export, which last a minute or more.
  bool host_peak_is_brief = false;
  double host_available_gib = -1;
  double output_disk_gib = 0;
  double disk_free_gib = -1;
  double minutes = 0;  // the whole of step 4: quark-cli + verification + evaluation
  double quark_cli_seconds = 0;
  double verify_seconds = 0;      // hashing the output (knowledge/estimate.json step4)
  double evaluation_seconds = 0;  // quark-ptq's own evaluation; 0 when the plan asks none
  std::optional<bool> fits_gpu;
  std::optional<bool> fits_host;
  std::optional<bool> fits_disk;
  // What to change, each a catalog id (messages/manifest.*.json, "manifest.recommend.*") with
  // its arguments: shown in the reader's language, recorded in English.
  std::vector<Recommendation> recommendations;
  bool runs_on_cpu = false;        // no GPU takes part (a CPU plan, or none visible)
  std::vector<std::string> notes;  // assumptions that were needed
};

// Errors: the shipped constants or scheme catalog broken (internal, knowledge.*).
core::Result<Estimate> estimate_resources(const EstimateInputs& in);

// The manifest's `estimate` section (its one encoding is artifacts::EstimateRecord::to_json).
artifacts::EstimateRecord estimate_record(const Estimate& e);
core::Json estimate_to_json(const Estimate& e);

// The estimate as it is shown wherever it is shown (prepare, its problems, the checkpoint 3
// summary, MCP): GiB with one decimal ("?" when unknown, < 0), minutes whole and at least 1,
// the value estimate_to_json records (the same estimate read "~0.4 min" in
// prepare and "about 1.0 min" at checkpoint 3, "~20.6 GiB" and "about 21 GiB").
std::string gib_text(double gib);
double recorded_minutes(double minutes);
std::string minutes_text(double minutes);

// Quark 0.13's per-device memory cap for GPU0 given its free bytes (get_device_max_memory()).
double quark_gpu0_cap_gib(const knowledge::EstimateConstants& constants, double free_gib);

}  // namespace manifest
