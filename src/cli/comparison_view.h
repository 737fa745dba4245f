// Checkpoint 2 of a comparison (plan --compare): the candidate plans, one line each (scheme,
// algorithm, KV cache, exclusions, evaluation) with the regrouping a candidate had, and the
// schemes left out with their reasons, in the user's language. Read from quant_plan.json, so
// `plan` and `start` show what confirming accepts.
#pragma once

#include "cli/console.h"
#include "core/json_io.h"

namespace cli {

// Nothing when the plan has no `comparison`.
void show_comparison(const Console& console, const core::Json& plan);

}  // namespace cli
