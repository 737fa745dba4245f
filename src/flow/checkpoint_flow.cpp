#include "flow/checkpoint_flow.h"

#include <sstream>

#include "artifacts/analysis_upgrade.h"
#include "artifacts/plan_upgrade.h"
#include "core/text.h"

#include "flow/run_flow.h"
#include "workflow/approval.h"
#include "workflow/candidate_workdir.h"
#include "workflow/decide.h"

namespace flow {

namespace {

using checkpoint_end::Confirmed;
using checkpoint_end::Decided;
using checkpoint_end::NoAnswer;
using checkpoint_end::NotAYes;

bool is_yes(const Answer& a) { return a.is_command || workflow::is_confirmation(a.words); }

// The digest the person reviewed, when they named one, must be the artifact's now: they are
// never asked about, nor recorded as confirming, another one.
core::Result<void> check_reviewed(const std::string& reviewed, const std::string& shown, const std::filesystem::path& path) {
  if (reviewed.empty() || normalize_digest(reviewed) == shown) return core::ok();
  return core::make_error(core::ExitCode::stale, "workflow.digest_changed")
      .with("path", path.string())
      .with("digest", reviewed)
      .with("command", "quark-ptq status");
}

bool refused_correction(const core::Error& e) { return e.code == core::ExitCode::usage || e.code == core::ExitCode::bad_input; }

}  // namespace

core::Result<ConfirmEnd> confirm_analysis(const workflow::Workdir& wd, const ConfirmAnalysisRequest& req, const AnalysisAsker& ask) {
  QPTQ_TRY_ASSIGN(workflow::WorkflowStatus s, workflow::status_of(wd));
  const std::string shown = s.analysis.digest;
  QPTQ_TRY(check_reviewed(req.reviewed_digest, shown, wd.analysis()));
  QPTQ_TRY(workflow::check_analysis_confirmable(wd, {req.sets, shown, ""}));
  const auto& cp = s.at(workflow::Checkpoint::analysis);
  if (req.sets.empty() && cp.state == workflow::CheckpointState::confirmed && cp.confirmation && cp.confirmation->digest == shown) {
    // Confirmed before, as it is: nothing asked, nothing recorded.
    QPTQ_TRY_ASSIGN(workflow::ConfirmOutcome found, workflow::confirm_analysis(wd, {{}, shown, ""}, req.via));
    return ConfirmEnd{Confirmed{std::move(found)}};
  }
  std::vector<std::string> pending = req.sets;
  while (true) {
    QPTQ_TRY_ASSIGN(workflow::AnalysisPreview preview, workflow::preview_analysis(wd, {pending, shown, ""}));
    QPTQ_TRY_ASSIGN(artifacts::ModelAnalysis facts, artifacts::read_model_analysis(preview.doc));
    auto answer = ask(AnalysisQuestion{shown, pending, std::move(preview.doc), std::move(preview.corrections), std::move(facts)});
    if (!answer) return ConfirmEnd{NoAnswer{}};
    if (is_yes(*answer)) {
      QPTQ_TRY_ASSIGN(workflow::ConfirmOutcome confirmed, workflow::confirm_analysis(wd, {pending, shown, answer->words}, req.via));
      return ConfirmEnd{Confirmed{std::move(confirmed)}};
    }
    if (!req.corrections_in_answer || answer->words.find('=') == std::string::npos) return ConfirmEnd{NotAYes{answer->words}};
    std::vector<std::string> more = pending;
    std::istringstream words(answer->words);
    for (std::string w; words >> w;) more.push_back(w);
    if (auto checked = workflow::preview_analysis(wd, {more, shown, ""}); !checked) {
      // A correction that does not parse or validate changes nothing: asked again.
      if (!refused_correction(checked.error())) return core::fail(std::move(checked).error());
      if (req.on_correction_refused) req.on_correction_refused(checked.error());
      continue;
    }
    pending = std::move(more);
  }
}

core::Result<ConfirmEnd> confirm_plan(const workflow::Workdir& wd, const ConfirmPlanRequest& req, const PlanAsker& ask) {
  QPTQ_TRY_ASSIGN(workflow::WorkflowStatus s, workflow::status_of(wd));
  const std::string shown = s.plan.digest;
  QPTQ_TRY(check_reviewed(req.reviewed_digest, shown, wd.plan()));
  QPTQ_TRY(workflow::check_plan_confirmable(wd, {{}, shown, ""}));
  if (!req.ask_when_confirmed && s.at(workflow::Checkpoint::plan).state == workflow::CheckpointState::confirmed) {
    QPTQ_TRY_ASSIGN(workflow::ConfirmOutcome found, workflow::confirm_plan(wd, {{}, shown, ""}, req.via));
    return ConfirmEnd{Confirmed{std::move(found)}};
  }
  QPTQ_TRY_ASSIGN(const artifacts::QuantPlan facts, artifacts::read_quant_plan(s.plan.doc));
  auto answer = ask(PlanQuestion{shown, s.plan.doc, facts});
  if (!answer) return ConfirmEnd{NoAnswer{}};
  if (!is_yes(*answer)) return ConfirmEnd{NotAYes{answer->words}};
  QPTQ_TRY_ASSIGN(workflow::ConfirmOutcome confirmed, workflow::confirm_plan(wd, {{}, shown, answer->words}, req.via));
  return ConfirmEnd{Confirmed{std::move(confirmed)}};
}

core::Result<DecideEnd> decide_result(const DecideRequest& req, const ResultAsker& ask) {
  // Acceptance names a comparison's candidate (decision_workdir says when it must); a follow-up
  // is asked of the workdir it is given.
  workflow::Workdir w{req.workdir};
  if (req.decision == Decision::accept || !req.candidate.empty()) {
    QPTQ_TRY_ASSIGN(w, workflow::decision_workdir(workflow::Workdir{req.workdir}, req.candidate));
  }
  QPTQ_TRY_ASSIGN(workflow::WorkflowStatus s, workflow::status_of(w));
  const auto& cp = s.at(workflow::Checkpoint::result);
  if (req.decision == Decision::either && cp.state == workflow::CheckpointState::confirmed && cp.confirmation) {
    return DecideEnd{Decided{*cp.confirmation, cp.confirmation->decision == "followup", true, w}};
  }
  const bool despite = req.despite.value_or(!s.evaluation.empty() && s.evaluation != "pass");
  // Asked only what can be recorded. `either` is asked whatever its answer will be: a result
  // that cannot be accepted may still get a follow-up, and the yes is checked when it comes.
  if (req.decision == Decision::followup) {
    QPTQ_TRY(workflow::check_followup(w, req.followup_text));
  } else if (req.decision == Decision::accept) {
    QPTQ_TRY(workflow::check_acceptable(w, despite));
  }
  auto answer = ask(ResultQuestion{s, despite, req.followup_text});
  if (!answer) return DecideEnd{NoAnswer{}};
  auto followup = [&](const std::string& text) -> core::Result<DecideEnd> {
    QPTQ_TRY_ASSIGN(workflow::Confirmation c, workflow::request_followup(w, text, req.via));
    return DecideEnd{Decided{std::move(c), true, false, w}};
  };
  switch (req.decision) {
    case Decision::accept:
      break;
    case Decision::followup:
      if (answer->is_command) return followup(req.followup_text);
      // The person's own words are recorded: the text as they sent it back.
      if (core::trim(answer->words).empty() || workflow::is_refusal(answer->words) || !workflow::check_followup(w, answer->words))
        return DecideEnd{NotAYes{answer->words}};
      return followup(answer->words);
    case Decision::either:
      if (is_yes(*answer)) break;
      if (workflow::is_refusal(answer->words) || answer->words.empty()) return DecideEnd{NotAYes{answer->words}};
      return followup(answer->words);
  }
  if (!is_yes(*answer)) return DecideEnd{NotAYes{answer->words}};
  QPTQ_TRY_ASSIGN(workflow::Confirmation c, workflow::accept_result(w, answer->words, despite, req.via));
  return DecideEnd{Decided{std::move(c), false, false, w}};
}

}  // namespace flow
