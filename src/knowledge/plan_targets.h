// The accelerators a plan can be made for and how to detect the one present
// (knowledge/plan/targets.json): name, vendor, architecture id, memory and the product names
// that identify each; the detector commands (argv) whose output names the GPU.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/json_io.h"
#include "core/result.h"

namespace knowledge {

struct TargetSpec {
  std::string name;                  // "mi300x", "h200", "cpu", ...
  std::string vendor;                // "amd", "nvidia", "cpu"
  std::string arch;                  // "gfx942", "sm_90", "cpu"
  std::optional<double> memory_gib;  // none for the CPU
  std::vector<std::string> match;    // product names a detector prints (case-insensitive)
};

struct TargetDetector {
  std::string program;  // looked up on PATH
  std::vector<std::string> args;
};

struct PlanTargets {
  std::vector<TargetSpec> targets;
  std::vector<TargetDetector> detectors;  // tried in order
};

// The strict reading of a document shaped as knowledge/plan/targets.json: internal
// "knowledge.data_invalid" naming the first missing or mistyped field.
core::Result<PlanTargets> parse_plan_targets(const core::Json& doc);

// Parsed once from the embedded file.
core::Result<const PlanTargets*> plan_targets();

}  // namespace knowledge
