// What quark-ptq's own evaluation measures for an intent (smoke / full) and the perplexity
// threshold the user's priority accepts, from knowledge/plan/rules.json `evaluation`. The plan
// records the result as quant_plan.json `evaluation`; `quark-ptq evaluate` uses the same
// defaults when no plan is given.
#pragma once

#include <string>

#include "core/json_io.h"

namespace plan {

// {"intent", "windows", "seq_len", "canary_tokens", "budget_seconds", "max_ppl_increase_pct",
//  "z", "text"}; text is null when empty.
core::Json evaluation_settings(const std::string& intent, const std::string& priority, const std::string& text);

}  // namespace plan
