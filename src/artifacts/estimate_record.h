// run_manifest.yaml's `estimate` as prepare writes it: the predictions (minutes and their
// parts, GPU and host memory, disk, the parameters counted, CPU or not) that the command
// digest binds from scope 2 on, and the machine's readings beside them (free memory and disk,
// whether it fits). One writer (prepare, through manifest::estimate_record) and its reader;
// artifacts::Estimate (run_manifest.h) is the view of it the later steps read.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "artifacts/recorded_number.h"
#include "core/json_io.h"

namespace artifacts {

// estimate.time: seconds by part (left out by releases before it).
struct EstimateTime {
  Number quark_cli_seconds;
  Number verify_seconds;
  Number evaluation_seconds;
};

struct EstimateParameters {
  std::int64_t total = 0;
  std::int64_t quantized = 0;
  std::string source;
};

// estimate.gpu: the peak's parts on GPU 0. Fields left out by releases before them are unset.
struct EstimateGpu {
  Number weights_gib;
  Number gpu0_weights_gib;
  Number other_gpus_weights_gib;
  Number cpu_offload_gib;
  Number activations_gib;
  Number algorithm_state_gib;
  Number moe_unfuse_gib;
  std::optional<Number> quantizer_state_gib;
  std::optional<Number> layerwise_phase_gib;
  std::optional<Number> gpu0_available_gib;  // null: unknown
  std::optional<bool> fits;                  // null: unknown
};

struct EstimateHost {
  std::optional<Number> load_gib;
  std::optional<Number> export_gib;
  std::optional<Number> awq_gib;
  std::optional<Number> evaluator_waiting_gib;
  std::optional<Number> available_gib;  // null: unknown
  std::optional<bool> fits;
};

struct EstimateDisk {
  std::optional<Number> free_gib;
  std::optional<bool> fits;
};

// The predictions are read as recorded, each unset where the section lacks it, so that the
// digest of any recorded manifest is computed from the same values.
struct EstimateRecord {
  std::optional<Number> gpu_memory_gib;
  std::optional<bool> runs_on_cpu;  // left out by releases before it
  std::optional<Number> host_memory_gib;
  std::optional<Number> disk_gib;
  std::optional<Number> minutes;
  std::optional<EstimateTime> time;
  std::optional<EstimateParameters> parameters;
  EstimateGpu gpu;
  EstimateHost host;
  EstimateDisk disk;
  std::vector<std::string> recommendations;  // English, one line each
  std::vector<std::string> notes;
  std::string method;

  core::Json to_json() const;
  // What the command digest binds from scope 2 (workflow::kBoundEstimateKeys): the
  // predictions, in that order, as recorded.
  core::Json bound_predictions() const;
  static EstimateRecord read(const core::Json& j, std::string* error);
};

}  // namespace artifacts
