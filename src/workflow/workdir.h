// The workdir holds the whole workflow: the three artifacts, the checkpoint records and
// logs/. There is no other state.
#pragma once

#include <filesystem>

namespace workflow {

struct Workdir {
  std::filesystem::path root;  // absolute

  std::filesystem::path analysis() const { return root / "model_analysis.json"; }
  std::filesystem::path plan() const { return root / "quant_plan.json"; }
  std::filesystem::path manifest() const { return root / "run_manifest.yaml"; }
  std::filesystem::path checkpoints() const { return root / "checkpoints.json"; }
  std::filesystem::path logs() const { return root / "logs"; }
};

}  // namespace workflow
