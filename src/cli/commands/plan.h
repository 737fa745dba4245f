// Step 2 as a reusable entry point: `quark-ptq plan` and `quark-ptq start` both call it, and
// start accepts the same options through add_plan_options().
// (Declared by the workflow spine; defined in plan.cpp by the plan branch.)
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/context.h"
#include "cli/help_text.h"
#include "flow/plan_flow.h"

namespace cli {

struct PlanOptions {
  std::string target;                  // --target HW
  std::string priority;                // --priority accuracy|balanced|size
  std::string scheme;                  // --scheme S
  std::string kv_cache;                // --kv-cache S
  std::string algo;                    // --algo A,B
  std::vector<std::string> overrides;  // --override PATTERN=SCHEME (repeatable)
  std::vector<std::string> excludes;   // --exclude PATTERN (repeatable)
  std::string calib_dataset;           // --calib-dataset D
  std::optional<int> calib_samples;    // --calib-samples N
  std::optional<int> seq_len;          // --seq-len L
  std::optional<int> batch_size;       // --batch-size B
  std::string eval;                    // --eval none|smoke|full
  std::string eval_text;               // --eval-text FILE
  bool multi_device = false;           // --multi-device
  bool trust_remote_code = false;      // --trust-remote-code
  std::string python;                  // --python PATH
  std::string quark_version;           // --quark-version V
  bool write_template = false;         // --write-template
  std::string template_file;           // --template-file PATH
};

// Registers the plan options (the flags above) on `sub`, bound to `opt`.
void add_plan_options(CLI::App& sub, const HelpText& help, PlanOptions& opt);

// The flow request for these options (workdir left empty).
flow::PlanRequest plan_request(const PlanOptions& opt);
// The options of a flow request, for typed options to be bound on top of (start's checkpoint 2).
PlanOptions plan_options(const flow::PlanRequest& req);

// Writes quant_plan.json (requires checkpoint 1), prints the decision table; returns the exit code.
int run_plan_command(Context& ctx, const PlanOptions& opt);

}  // namespace cli
