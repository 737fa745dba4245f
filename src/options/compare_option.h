// plan --compare and --compare-max as the planner takes them: which schemes a comparison of
// whole plans is asked for (a list, or auto), its bound, and the options its candidates are
// planned with. A comparison exists to be judged, so it always evaluates.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "options/plan_options.h"

namespace options {

struct CompareRequest {
  bool automatic = false;            // --compare auto: every scheme the installed Quark supports
  std::vector<std::string> schemes;  // the named schemes, in the order given, each once (empty for auto)
  int max = 0;                       // --compare-max, else knowledge/plan/rules.json's bound
};

// nullopt when --compare is not given. Usage errors, each one line: an empty name or auto
// beside names (plan.compare_bad_list), --scheme beside it (plan.compare_with_scheme),
// --eval none (plan.compare_eval_none), --compare-max without --compare
// (plan.compare_max_alone).
core::Result<std::optional<CompareRequest>> compare_request(const PlanOptions& o);

// The options a comparison is planned and recorded with: --compare as a clean list, and the
// evaluation at least the rules' default budget that is not "none" (the smallest budget when
// the default is none), unless the person asked for a larger one.
PlanOptions comparison_options(PlanOptions o, const CompareRequest& r);

// One candidate's options: the comparison's with --scheme set and the comparison itself left
// out, so that its recorded command plans that candidate alone.
PlanOptions candidate_options(PlanOptions o, const std::string& scheme);

}  // namespace options
