// quant_plan.json in an older spelling, upgraded to the current one. Before the plan settled,
// step 3's reader took several spellings of some fields (calib_dataset for
// calibration.dataset, device/strategy, quark_version, an `algorithm` list, env_changes as an
// object, ...); a workdir or a plan made by hand may still hold one. The upgrade is the one
// place those spellings are known: each current field that is absent or null takes the first
// older spelling that holds a value of its type, and every reader then reads the current
// spelling only.
#pragma once

#include "artifacts/quant_plan.h"
#include "core/json_io.h"
#include "core/result.h"

namespace artifacts {

// A copy of `doc` with the older spellings carried to their current fields (the older keys
// stay: nothing reads them). A document in the current spelling comes back unchanged.
core::Json upgrade_quant_plan(const core::Json& doc);

// quant_plan.json as any release wrote it: upgraded, then read strictly.
core::Result<QuantPlan> read_quant_plan(const core::Json& doc);

}  // namespace artifacts
