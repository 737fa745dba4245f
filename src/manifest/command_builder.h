// The exact `quark-cli torch-llm-ptq` argument vector for a confirmed plan. Pure: the same
// plan, quark-cli path and output directory always give the same argv (golden-tested).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/result.h"
#include "manifest/plan_view.h"

namespace manifest {

struct BuiltCommand {
  std::vector<std::string> argv;
  std::vector<std::pair<std::string, std::string>> env_changes;
};

// quark_cli: absolute path of quark-cli from the Python environment that has amd-quark.
// output_dir: absolute. Fails with ExitCode::plan_invalid when a plan value cannot be passed
// through argparse intact (a list value starting with '-', an algorithm with a comma...).
core::Result<BuiltCommand> build_command(const PlanView& plan, const std::string& quark_cli, const std::string& output_dir);

}  // namespace manifest
