// Step 2's decisions: from the confirmed analysis, the user's options, the capabilities of
// the installed (or named) Quark and the target hardware to a Plan whose every choice has a
// reason and alternatives. Pure: no processes, no files. A plan with problems is invalid and
// must not be written.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "artifacts/model_analysis.h"
#include "core/json_io.h"
#include "plan/capabilities.h"
#include "plan/module_inventory.h"
#include "options/plan_options.h"
#include "plan/plan_model.h"
#include "plan/target.h"

namespace plan {

struct PlanInputs {
  const artifacts::ModelAnalysis* analysis = nullptr;
  std::string analysis_digest;
  options::PlanOptions options;  // as given (set_options); the two below are its parsed forms
  std::vector<std::string> algorithms;
  std::vector<options::Override> overrides;
  const Capabilities* caps = nullptr;
  Target target;
  std::string template_file;  // absolute path of a --template_file to use ("" none)
  core::Json template_doc;    // its content when template_file is set
  // The Linear modules Quark will see, with shapes, from the meta-device oracle when the
  // environment can build the model; unset: the analysis' inventory.
  std::optional<std::vector<Module>> modules;
  // Where `modules` came from (oracle versions), or why the oracle was not used; and the
  // oracle's checkpoint names, which the plan records for verify.
  InventoryOrigin inventory_origin;
  std::optional<CheckpointNames> checkpoint_names;
};

// Sets `in.options` and its parsed --algo and --override (a malformed override is the caller's
// to refuse first: flow::make_plan's usage error; here it is left out). --algo is recorded as
// the clean list quark-cli gets.
void set_options(PlanInputs& in, options::PlanOptions o);

Plan build_plan(const PlanInputs& in);

// `options` with a problem's change applied, as if its flags were pasted onto the command.
options::PlanOptions apply_change(options::PlanOptions options, const PlanChange& change);

}  // namespace plan
