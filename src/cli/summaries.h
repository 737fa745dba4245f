// What the user sees at each checkpoint, rendered from the artifacts with catalog headings:
// the analysis summary (1), the decision table (2), the exact command with its destination,
// estimate, remote-code choice and expected outputs (3), the verified result (4).
// Values from the artifacts are shown as written; only the labels are translated.
#pragma once

#include "artifacts/model_analysis.h"
#include "artifacts/quant_plan.h"
#include "cli/console.h"
#include "core/json_io.h"

namespace cli {

void show_analysis_summary(const Console& console, const artifacts::ModelAnalysis& analysis);
// The table, then the risks confirming accepts (unless `with_risks` is false).
void show_decision_table(const Console& console, const core::Json& plan, bool with_risks = true);
void show_plan_risks(const Console& console, const artifacts::QuantPlan& plan);
// The risks alone, for a question asked right after the step printed the rest.
void show_analysis_risks(const Console& console, const artifacts::ModelAnalysis& analysis);
// One line: the alternatives the plan offers for the scheme, the KV cache and the algorithms.
void show_alternatives(const Console& console, const core::Json& plan);
void show_execution_summary(const Console& console, const core::Json& manifest);
// Why checkpoint 3 asks, for this command: local or downloaded weights, GPU or CPU only.
void show_execution_reason(const Console& console, const core::Json& manifest);
void show_result_summary(const Console& console, const core::Json& manifest);

// One entry of an artifact's "risks" (analysis or plan) in the user's language, from its
// catalog id and args (its English words when it has no id): "[high] <text>", and the hint
// ("" when none). Risks the plan carries from the analysis say so.
std::string risk_line(const Console& console, const artifacts::AnalysisRisk& risk);
std::string risk_hint(const Console& console, const artifacts::AnalysisRisk& risk);
std::string risk_line(const Console& console, const artifacts::PlanRiskRecord& risk);
// The analysis' risks as lines, each with its hint under it ("-> hint"), after `heading_id`;
// `none_id` instead when there are none.
void show_risks(const Console& console, const std::vector<artifacts::AnalysisRisk>& risks, std::string_view none_id,
                std::string_view heading_id);

// A JSON value as one short line: strings bare, lists comma-separated, null as "-".
std::string brief(const core::Json* value);

}  // namespace cli
