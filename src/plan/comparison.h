// plan --compare: whole plans, one per scheme, each made by the same planner as a single plan
// (scheme, KV cache, overrides, exclusions, algorithms, evaluation), so that later steps can run
// each candidate and judge them against one baseline. A named scheme that makes no valid plan
// makes the comparison invalid; auto leaves such a scheme out and says why. Pure, like the
// planner.
#pragma once

#include <string>
#include <vector>

#include "options/compare_option.h"
#include "plan/planner.h"

namespace plan {

struct Candidate {
  std::string name;   // the scheme the candidate quantizes with ("int4_wo_64")
  std::string asked;  // the scheme it was asked as ("int4_wo_128"); the same as name unless refit
  Text refit;         // why `asked` became `name`: its group does not divide a layer (id "" when not refit)
  Plan plan;
};

struct LeftOut {
  std::string scheme;
  std::string code;  // "over_bound", "same_as", "alias", or the code of the plan's first problem
  Text reason;
};

struct Comparison {
  bool automatic = false;
  int max = 0;
  std::vector<Candidate> candidates;  // at most `max`; the first is the document's own plan
  std::vector<LeftOut> left_out;
  // Named schemes that make no valid plan (each with that plan's problems), or no candidate at
  // all: non-empty, the comparison is invalid and nothing is written.
  std::vector<Problem> problems;
};

// `in.options` are the comparison's (options::comparison_options): each candidate is planned
// with options::candidate_options of them.
Comparison build_comparison(const PlanInputs& in, const options::CompareRequest& request);

// The plan quant_plan.json keeps at its top level: the first candidate's, recorded with the
// comparison's options and command, so that re-planning from it makes the comparison again.
Plan comparison_plan(const PlanInputs& in, const Comparison& c);

}  // namespace plan
