// The evaluation settings as the plan records them (quant_plan.json `evaluation`) and as
// prepare copies them into run_manifest.yaml (`evaluator.settings`): one reader for both.
#pragma once

#include "core/json_io.h"
#include "evaluate/evaluation.h"

namespace evaluate {

// Missing keys keep Settings' defaults; keys of the wrong type are ignored the same way (the
// schemas of both artifacts reject them before this is reached).
Settings settings_from_json(const core::Json& section);

}  // namespace evaluate
