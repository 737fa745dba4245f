// Checkpoints 1, 2 and 4 as flows. The CLI's confirm / accept / followup commands, `start` and
// the MCP tools all call these, so what is checked before the person is asked, what the
// question carries and how the answer is recorded is decided once. A front end brings only how
// it asks - a terminal prompt, an MCP elicitation, or no question at all when the person typed
// the command that decides - and how it renders the end it gets back. Nothing is recorded
// unless the answer is the person's yes (or their typed command, or their follow-up text).
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "artifacts/model_analysis.h"
#include "artifacts/quant_plan.h"
#include "core/error.h"
#include "core/json_io.h"
#include "core/result.h"
#include "workflow/confirm.h"
#include "workflow/state.h"
#include "workflow/workdir.h"

namespace flow {

// The person's answer as the front end got it.
struct Answer {
  std::string words;        // what they typed or sent back (the command line, for a typed command)
  bool is_command = false;  // they typed the command that decides: that is itself the yes
};

namespace checkpoint_end {
// Recorded now, or found recorded for the same content (outcome.already).
struct Confirmed {
  workflow::ConfirmOutcome outcome;
};
// The front end got no answer (no terminal, end of input, an MCP client that cannot ask or a
// request still open): it knows why and says so. Nothing recorded.
struct NoAnswer {};
// An answer that is not a yes. Nothing recorded.
struct NotAYes {
  std::string words;
};
}  // namespace checkpoint_end
using ConfirmEnd = std::variant<checkpoint_end::Confirmed, checkpoint_end::NoAnswer, checkpoint_end::NotAYes>;

// --- checkpoint 1 ---------------------------------------------------------------------------

// The analysis as the corrections would leave it: exactly what a yes confirms.
struct AnalysisQuestion {
  std::string digest;                                     // of model_analysis.json as it is, before the corrections
  std::vector<std::string> sets;                          // the corrections (KEY=VALUE) applied below
  core::Json analysis;                                    // the analysis with them applied
  std::vector<artifacts::AppliedCorrection> corrections;  // empty without corrections
  artifacts::ModelAnalysis facts;                         // `analysis` read
};
using AnalysisAsker = std::function<std::optional<Answer>(const AnalysisQuestion&)>;

struct ConfirmAnalysisRequest {
  std::vector<std::string> sets;
  std::string reviewed_digest;  // the analysis the person reviewed; "" whatever it is now
  std::string via;              // recorded as Confirmation::via ("" the terminal)
  // `start`: an answer of KEY=VALUE words is more corrections, shown again before a yes; one
  // that does not parse or validate changes nothing (on_correction_refused) and is asked again.
  bool corrections_in_answer = false;
  std::function<void(const core::Error&)> on_correction_refused;
};

// Errors: those of workflow::confirm_analysis (stale "workflow.digest_changed" when the
// reviewed digest is not the analysis's, a correction that does not parse or validate...).
core::Result<ConfirmEnd> confirm_analysis(const workflow::Workdir& wd, const ConfirmAnalysisRequest& req, const AnalysisAsker& ask);

// --- checkpoint 2 ---------------------------------------------------------------------------

struct PlanQuestion {
  std::string digest;
  const core::Json& plan;             // quant_plan.json as it is: what a yes confirms
  const artifacts::QuantPlan& facts;  // `plan` read
};
using PlanAsker = std::function<std::optional<Answer>(const PlanQuestion&)>;

struct ConfirmPlanRequest {
  std::string reviewed_digest;
  std::string via;
  // `start` after options typed at this checkpoint made the plan again: asked even when it
  // equals one confirmed before, so that the next yes is never taken by another question.
  bool ask_when_confirmed = false;
};

core::Result<ConfirmEnd> confirm_plan(const workflow::Workdir& wd, const ConfirmPlanRequest& req, const PlanAsker& ask);

// --- checkpoint 4 ---------------------------------------------------------------------------

enum class Decision { accept, followup, either };

// The verified result the decision is about, in the workdir where it is recorded (a
// comparison's candidate's).
struct ResultQuestion {
  const workflow::WorkflowStatus& status;  // its manifest holds the result the answer is about
  bool despite = false;                    // the evaluation is not a pass: a yes accepts it knowingly
  std::string proposed;                    // Decision::followup: the text proposed for the person's answer
};
using ResultAsker = std::function<std::optional<Answer>(const ResultQuestion&)>;

struct DecideRequest {
  std::filesystem::path workdir;
  std::string candidate;  // a comparison's candidate to decide ("" the workdir's own run)
  Decision decision = Decision::accept;
  std::optional<bool> despite;  // unset: the evaluation's verdict says (not a pass: despite)
  std::string followup_text;    // Decision::followup: the text to propose, or the typed one
  std::string via;
};

namespace checkpoint_end {
struct Decided {
  workflow::Confirmation confirmation;
  bool followup = false;
  bool already = false;  // Decision::either: decided before, nothing asked or recorded
  workflow::Workdir decided_in;
};
}  // namespace checkpoint_end
using DecideEnd = std::variant<checkpoint_end::Decided, checkpoint_end::NoAnswer, checkpoint_end::NotAYes>;

// accept: a yes (or the typed command) accepts; anything else is not a yes.
// followup: the typed command requests `followup_text`; an answer is the text itself (the
//   person's own words are recorded), refused when empty, a refusal or not a valid request.
// either (start): a yes accepts, a refusal or nothing stops, other words are the follow-up.
// Errors: those of workflow::decision_workdir, check_acceptable / check_followup, accept_result
// and request_followup.
core::Result<DecideEnd> decide_result(const DecideRequest& req, const ResultAsker& ask);

}  // namespace flow
