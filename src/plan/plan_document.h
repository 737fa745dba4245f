// Plan <-> quant_plan.json. The artifact keeps the published fields (model.model_type,
// model.analysis_ref, global_scheme, kv_cache_scheme, exclude_layers, layer_quant_config,
// algorithm, evaluation_intent, requires_confirmation) and adds the reasons, risks, pattern
// counts and module coverage. Writing validates against the shipped schema first and is
// atomic; an invalid plan (problems) is never written.
#pragma once

#include "artifacts/quant_plan.h"
#include "core/json_io.h"
#include "core/messages.h"
#include "core/result.h"
#include "plan/comparison.h"
#include "plan/plan_model.h"

namespace plan {

std::string render(core::Lang lang, const Text& t);

// The plan as quant_plan.json records it (artifacts::QuantPlan::to_json is its encoding).
artifacts::QuantPlan plan_record(const Plan& p);
core::Json plan_to_json(const Plan& p);  // plan_record(p).to_json()

// quant_plan.json's `comparison`: each candidate with its whole plan document (what a later
// step builds that candidate's quark-cli command from), the schemes left out with why, the bound.
artifacts::PlanComparison comparison_record(const Comparison& c);

// The human decision table (decision | choice | why | alternatives) and coverage.
std::vector<std::string> decision_table(core::Lang lang, const Plan& p);
// Its last part alone: which modules are quantized and excluded, and what each pattern matched.
std::vector<std::string> module_lines(core::Lang lang, const Plan& p);
// The risks confirming the plan accepts (none: no lines). Apart from the table because start's
// question at checkpoint 2 lists them itself, from the written plan.
std::vector<std::string> risk_table(core::Lang lang, const Plan& p);

}  // namespace plan
