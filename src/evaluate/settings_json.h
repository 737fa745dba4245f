// The evaluation settings as the plan records them (quant_plan.json `evaluation`) and as
// prepare copies them into run_manifest.yaml (`evaluator.settings`): one reader for both.
#pragma once

#include "core/json_io.h"
#include "evaluate/evaluation.h"

namespace evaluate {

// Missing keys (or keys of the wrong type, which the schemas of both artifacts reject before
// this is reached) stay zero: a check with no windows measures nothing and says so.
Settings settings_from_json(const core::Json& section);

}  // namespace evaluate
