// Step 1 as a reusable entry point: `quark-ptq analyze` and `quark-ptq start` both call it.
#pragma once

#include <string>

#include "cli/context.h"

namespace cli {

struct AnalyzeOptions {
  std::string model;     // repo id or local directory, as typed
  std::string revision;  // "" = default branch
  std::string python;    // --python PATH: the model oracle's interpreter ("" = as plan finds it)
};

// Writes model_analysis.json in ctx.workdir, prints its summary; returns the exit code.
int run_analyze_command(Context& ctx, const AnalyzeOptions& opt);

}  // namespace cli
