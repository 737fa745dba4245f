// The evaluation settings as the plan records them (quant_plan.json `evaluation`) and as
// prepare copies them into run_manifest.yaml (`evaluator.settings`): one reader for both.
#pragma once

#include "core/json_io.h"
#include "evaluate/evaluation.h"

namespace evaluate {

// Missing keys keep Settings' defaults; keys of the wrong type are ignored the same way (the
// schemas of both artifacts reject them before this is reached).
Settings settings_from_json(const core::Json& section);

// The keys settings_from_json reads, nothing else (no `text`: that is the plan's or the
// manifest's own field).
core::Json settings_to_json(const Settings& s);

}  // namespace evaluate
