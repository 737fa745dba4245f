// The confirmed analysis' risks in the plan. Checkpoint 1 confirms the facts, not that the
// risks are fine: each one either is answered by a decision of this plan (which then says so
// in the decision table) or is carried into the plan's risks, which confirming the plan accepts.
#include <string_view>

#include "core/messages.h"
#include "plan/planner_steps.h"

namespace plan::detail {

namespace {

// A decision that answers an analysis risk: the risk's id, the decision, whether this plan's
// value of it answers the risk, and the catalog id saying how.
struct Answer {
  std::string_view risk_id;
  std::string_view decision;
  bool (*answers)(const Plan&);
  std::string_view how_id;
};

constexpr Answer kAnswers[] = {
    // "~N GiB: plan with --multi-device": the plan spreads the model over the devices.
    {"intake.risk_memory", "device_strategy", [](const Plan& p) { return p.device_strategy == "multi_device"; },
     "plan.resolved.multi_device"},
    // transformers does not implement the type: the plan accepts running the model's own code
    // (which raises a risk of its own).
    {"intake.risk_remote_code_required", "trust_remote_code", [](const Plan& p) { return p.trust_remote_code; },
     "plan.resolved.remote_code"},
};

// The risk's text as the analysis recorded it: its catalog id and arguments when the catalog
// knows the id (so it renders in the user's language), else its English words.
Text risk_text(const artifacts::AnalysisRisk& r, const std::string& id, const std::string& words, const std::string& suffix) {
  if (!id.empty() && core::catalog_has(core::Lang::en, id + suffix)) return Text{id + suffix, r.args};
  if (words.empty()) return Text{};
  return txt("plan.risk.analysis_words", {{"text", words}});
}

}  // namespace

void carry_analysis_risks(const PlanInputs& in, Plan& p) {
  for (const artifacts::AnalysisRisk& r : in.analysis->risks) {
    const std::string id = r.id.value_or("");
    // A risk recorded without a severity is taken as medium.
    const std::string severity = r.severity.empty() ? "medium" : r.severity;
    Text text = risk_text(r, id, r.message, "");
    if (text.id.empty()) continue;  // neither an id nor words: nothing to show or accept
    const Answer* answer = nullptr;
    for (const auto& a : kAnswers) {
      if (a.risk_id == id && a.answers(p)) answer = &a;
    }
    if (answer != nullptr) {
      p.resolved_risks.push_back(ResolvedRisk{std::string(answer->decision), severity, std::move(text), txt(std::string(answer->how_id))});
      continue;
    }
    Risk carried;
    carried.severity = severity;
    carried.text = std::move(text);
    carried.origin = "analysis";
    carried.hint = risk_text(r, id, r.recovery_hint.value_or(""), "_hint");
    p.risks.push_back(std::move(carried));
  }
}

}  // namespace plan::detail
