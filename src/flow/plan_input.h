// quant_plan.json as the step-4 flows take it in (verify, evaluate, verification after a run):
// through the plan's one reader, plan::read_plan_file.
#pragma once

#include <optional>

#include "core/fs.h"
#include "plan/plan_file.h"

namespace flow {

// Unset when the file does not read as JSON, is not an object, or has a field of the wrong
// type: every caller has one error (or none) for all three, as it had for a bad plan before.
std::optional<plan::PlanFile> read_plan_input(const core::fs::path& path);

}  // namespace flow
