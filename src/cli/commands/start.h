// quark-ptq start MODEL --output-dir DIR [plan options]: the four steps in a terminal,
// through the same entry points as the subcommands, asking at each checkpoint.
#pragma once

#include <string>
#include <vector>

#include "cli/commands/plan.h"
#include "cli/context.h"

namespace cli {

struct StartOptions {
  std::string model;
  std::string revision;
  std::string output_dir;
  std::string eval_python;  // --eval-python: runs step 4's evaluation ("" = the same Python)
  options::PlanOptions plan;
  std::vector<std::string> plan_options_given;  // the plan options on the command line, as flags
};

int run_start_command(Context& ctx, const StartOptions& opt);

}  // namespace cli
