// What quark-ptq's own evaluation measures for an intent (smoke / full) and the perplexity
// threshold the user's priority accepts, from knowledge/plan/rules.json `evaluation`. The plan
// records the result as quant_plan.json `evaluation`; `quark-ptq evaluate` uses the same
// defaults when no plan is given.
#pragma once

#include <string>

#include "artifacts/quant_plan.h"

namespace plan {

// The budget of the intent, the threshold of the priority, the rules' z; the text unset when
// empty.
artifacts::PlanEvaluation evaluation_settings(const std::string& intent, const std::string& priority, const std::string& text);

}  // namespace plan
