// A risk of an artifact (model_analysis.json or quant_plan.json "risks") as a person reads it,
// in their language: the terminal and the MCP questions show the same words, so what the
// person is asked to accept over MCP is what the CLI would show them.
#pragma once

#include <string>
#include <vector>

#include "core/json_io.h"
#include "core/messages.h"

namespace flow {

// The "args" object of a recorded {id, args} text (a risk, a hint, a decision's reason) as
// message arguments: strings as they are, anything else as JSON.
std::vector<core::MessageArg> recorded_args(const core::Json& recorded);

// "[high] (from the analysis) <text>": the text from the risk's catalog id, the recorded English
// message only when the catalog has none.
std::string risk_line(core::Lang lang, const core::Json& risk);
// What to do about it ("" when nothing is recorded).
std::string risk_hint(core::Lang lang, const core::Json& risk);
// Every risk of `risks` (an array, or null): one line each, its hint on the next line after
// "   -> "; `none` when there are none.
std::string risk_list(core::Lang lang, const core::Json* risks, const std::string& none);

}  // namespace flow
