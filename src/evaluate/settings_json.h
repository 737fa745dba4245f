// The evaluation settings as the plan records them (quant_plan.json `evaluation`) and as
// prepare copies them into run_manifest.yaml (`evaluator.settings`), both read as
// artifacts::PlanEvaluation: the evaluator's settings from that record.
#pragma once

#include "artifacts/quant_plan.h"
#include "evaluate/evaluation.h"

namespace evaluate {

// Unset fields stay zero: a check with no windows measures nothing and says so.
Settings settings_of(const artifacts::PlanEvaluation& section);

}  // namespace evaluate
