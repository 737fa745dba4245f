// Step 2 as a reusable entry point: `quark-ptq plan` and `quark-ptq start` both call it, and
// start (and its checkpoint 2) accepts the same options through add_plan_options().
#pragma once

#include <CLI/CLI.hpp>

#include "cli/context.h"
#include "cli/help_text.h"
#include "flow/plan_flow.h"
#include "options/plan_options.h"

namespace cli {

// Registers every row of the option table (options/option_table.h) on `sub`, bound to `opt`.
void add_plan_options(CLI::App& sub, const HelpText& help, options::PlanOptions& opt);

// The flow request for these options (workdir left empty; paths made absolute).
flow::PlanRequest plan_request(const options::PlanOptions& opt);

// Writes quant_plan.json (requires checkpoint 1), prints the decision table; returns the exit code.
int run_plan_command(Context& ctx, const options::PlanOptions& opt);

}  // namespace cli
