// The workdir holds the whole workflow: the three artifacts, the checkpoint records and
// logs/. There is no other state. A comparison (plan --compare) adds comparison_manifest.yaml
// and one workdir of the same kind per candidate under candidates/NAME.
#pragma once

#include <filesystem>
#include <string>

namespace workflow {

struct Workdir {
  std::filesystem::path root;  // absolute

  std::filesystem::path analysis() const { return root / "model_analysis.json"; }
  std::filesystem::path plan() const { return root / "quant_plan.json"; }
  std::filesystem::path manifest() const { return root / "run_manifest.yaml"; }
  std::filesystem::path checkpoints() const { return root / "checkpoints.json"; }
  std::filesystem::path logs() const { return root / "logs"; }
  std::filesystem::path comparison_manifest() const { return root / "comparison_manifest.yaml"; }
  // NAME is a scheme name checked by artifacts::is_candidate_name (never a path of its own).
  Workdir candidate(const std::string& name) const { return Workdir{root / "candidates" / name}; }
};

}  // namespace workflow
