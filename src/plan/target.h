// The accelerator the quantized model is meant for (knowledge/plan/targets.json): given with
// --target, or detected from nvidia-smi / amd-smi / rocm-smi output. An undetectable target
// stays "unknown": the planner says so instead of assuming a CPU.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "plan/probe.h"

namespace plan {

enum class TargetSource { option, detected, unknown };

struct Target {
  std::string name = "unknown";  // "mi300x", "h200", "cpu", ... or "unknown"
  std::string vendor;            // "amd", "nvidia", "cpu", ""
  std::string arch = "unknown";  // "gfx942", "sm_90", "cpu", "unknown"
  std::optional<double> memory_gib;
  TargetSource source = TargetSource::unknown;
  std::string evidence;     // the detector line that matched, or why nothing did (English, recorded)
  std::string tools_tried;  // when nothing matched: the GPU tools that answered ("" when none is on PATH)
  int device_count = 0;     // GPUs seen by the detector (0 when not detected)
};

std::string_view target_source_name(TargetSource s);

// Names accepted by --target.
std::vector<std::string> target_names();

// --target NAME. Unknown name -> ExitCode::usage "plan.unknown_target".
core::Result<Target> target_from_name(const std::string& name);

// Maps detector output (any text naming a GPU product, e.g. "NVIDIA H200" or
// "Card Series: AMD Instinct MI300X OAM") to a target; nullopt when nothing matches.
std::optional<Target> target_from_text(const std::string& text);

// Runs the detectors that are on PATH (through `capture`) and maps the first GPU name found.
// Fails only when quark-ptq is asked to stop while a detector runs (ExitCode::interrupted).
core::Result<Target> detect_target(const CaptureFn& capture);

}  // namespace plan
