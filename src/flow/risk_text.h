// A risk of an artifact (model_analysis.json or quant_plan.json "risks") as a person reads it,
// in their language: the terminal and the MCP questions show the same words, so what the
// person is asked to accept over MCP is what the CLI would show them.
#pragma once

#include <string>
#include <vector>

#include "artifacts/model_analysis.h"
#include "artifacts/quant_plan.h"
#include "core/json_io.h"
#include "core/messages.h"

namespace flow {

// "[high] (from the analysis) <text>": the text from the risk's catalog id, the recorded English
// message only when the catalog has none; and what to do about it ("" when nothing is
// recorded): an analysis risk's hint from the catalog's "<id>_hint", else its recovery_hint; a
// plan risk's hint a text of its own. A list is one line per risk, its hint on the next line
// after "   -> "; `none` when there are none.
std::string risk_line(core::Lang lang, const artifacts::AnalysisRisk& risk);
std::string risk_hint(core::Lang lang, const artifacts::AnalysisRisk& risk);
std::string risk_line(core::Lang lang, const artifacts::PlanRiskRecord& risk);
std::string risk_hint(core::Lang lang, const artifacts::PlanRiskRecord& risk);
std::string risk_list(core::Lang lang, const std::vector<artifacts::AnalysisRisk>& risks, const std::string& none);
std::string risk_list(core::Lang lang, const std::vector<artifacts::PlanRiskRecord>& risks, const std::string& none);

}  // namespace flow
