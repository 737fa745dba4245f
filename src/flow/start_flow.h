// `start`: the four steps in order, stopping at each checkpoint to ask. It decides what to
// reuse (an analysis of the same model, a plan when no plan option was given, a manifest for
// the same destination, a finished run), calls the step flows directly and asks through a
// Prompter; a front end renders through StartObserver. An answer that is not a yes stops the
// flow with the command that resumes it; no terminal is a refusal, never a yes. At checkpoint
// 1 a KEY=VALUE correction is applied for a second look and confirmed only by the yes that
// follows; at checkpoint 2 typed plan options make the plan again (make_plan, as `plan` does)
// and the new plan is asked.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/json_io.h"
#include "flow/analyze_flow.h"
#include "flow/comparison_run.h"
#include "flow/comparison_table.h"
#include "flow/plan_flow.h"
#include "flow/run_flow.h"
#include "manifest/comparison_prepare.h"
#include "manifest/prepare_flow.h"
#include "workflow/checkpoint.h"
#include "workflow/confirm.h"
#include "workflow/state.h"

namespace flow {

struct StartRequest {
  std::filesystem::path workdir;  // absolute
  std::string model;
  std::string revision;
  std::string output_dir;
  std::string eval_python;  // prepare --eval-python ("" = quark-cli's interpreter)
  PlanRequest plan;         // workdir is filled in by start
  // The plan options given on the command line, as flags ("--scheme"). Resuming with a valid
  // plan, they are laid over the options that plan was made with: the plan is made again only
  // when that changes one of them (a decision), and it is said which.
  std::vector<std::string> plan_options_given;
  RunRequest run;  // workdir, approve and user_words are filled in by start
};

// The answer at checkpoint 2: yes / no as typed, or plan options (bound by the front end
// the way `quark-ptq plan` binds them) that make the plan again before it is asked again.
struct PlanAnswer {
  std::string words;
  std::optional<PlanRequest> adjusted;
};

// The questions at the checkpoints. Each shows what is being confirmed (the analysis
// summary, the decision table, the exact command, the verified result) and returns the
// answer; nullopt (no terminal, end of input) stops the flow.
class Prompter {
 public:
  virtual ~Prompter() = default;
  // `corrections`: the KEY=VALUE corrections typed so far, applied to `analysis` but not yet
  // confirmed ({KEY: {"from", "to"}}; empty at the first look).
  virtual std::optional<std::string> ask_analysis(const core::Json& analysis,
                                                  const std::vector<artifacts::AppliedCorrection>& corrections) = 0;
  // `current`: the request `plan` was made with, for the front end to adjust.
  virtual std::optional<PlanAnswer> ask_plan(const core::Json& plan, const PlanRequest& current) = 0;
  virtual std::optional<std::string> ask_execution(const core::Json& manifest) = 0;
  virtual std::optional<std::string> ask_result(const core::Json& manifest) = 0;
  // A comparison (plan --compare): checkpoint 3 asks once for every candidate's command, and
  // checkpoint 4 shows the table with the recommendation; the answer names the candidate to
  // accept, or is a no. A front end that does not ask them stops there.
  virtual std::optional<std::string> ask_comparison(const ComparisonQuestion& /*q*/) { return std::nullopt; }
  virtual std::optional<std::string> ask_candidate(const ComparisonTable& /*t*/) { return std::nullopt; }
};

enum class DecisionKind { accepted, followup };

// What start did, in order. The step outcomes are those of the step flows, so a front end
// renders them as the subcommands do.
class StartObserver : public PlanObserver, public RunObserver {
 public:
  virtual void on_reuse(const std::filesystem::path& /*artifact*/) {}
  virtual void on_step(int /*number*/) {}
  virtual void on_already_confirmed(workflow::Checkpoint /*cp*/, const std::string& /*at*/) {}
  virtual void on_analyzed(const Analyzed& /*a*/) {}
  virtual void on_confirmed(const workflow::ConfirmOutcome& /*c*/, bool /*analysis*/) {}
  // A correction at checkpoint 1 that did not parse or validate: nothing changed, asked again.
  virtual void on_correction_refused(const core::Error& /*e*/) {}
  // Plan options typed at checkpoint 2 could not make a plan (a bad option value, a bad
  // --template-file): the plan is unchanged and asked again.
  virtual void on_adjustment_refused(const core::Error& /*e*/) {}
  // Checkpoint 2: the plan is made again with the options typed there.
  virtual void on_replanning() {}
  // Resuming: the options given change these of the existing plan (flags, with the value
  // before and after), so it is made again and asked at checkpoint 2.
  virtual void on_plan_reopened(const std::vector<std::string>& /*changes*/) {}
  // Checkpoint 2: the options typed there made the same plan as the one asked; asked again.
  virtual void on_plan_unchanged() {}
  virtual void on_planned(const PlanOutcome& /*p*/) {}
  virtual void on_prepared(const manifest::PrepareResult& /*p*/) {}
  virtual void on_execution_answer(const std::string& /*answer*/, bool /*approved*/, const std::string& /*digest*/) {}
  virtual void on_ran(const RunOutcome& /*r*/) {}
  virtual void on_decided(const workflow::Confirmation& /*c*/, DecisionKind /*kind*/) {}
  // A comparison's step 3, its candidates' runs (nullptr: they report to this observer's run
  // events without the comparison's own) and the end of step 4.
  virtual void on_comparison_prepared(const manifest::ComparisonPrepared& /*p*/) {}
  virtual ComparisonObserver* comparison_observer() { return nullptr; }
  virtual void on_comparison_ran(const ComparisonOutcome& /*r*/) {}
};

namespace start_end {
struct Finished {};
struct Stopped {  // the user did not say yes: resume with `command`
  workflow::Checkpoint checkpoint;
  std::string command;
  core::ExitCode code;
  std::string approves = {};  // checkpoint 3: the command `command`'s digest approves (shown beside it)
};
struct StepEnded {  // a step's outcome was not a success (plan invalid, environment not ready, run failed...)
  core::ExitCode code;
};
}  // namespace start_end

struct StartOutcome {
  std::variant<start_end::Finished, start_end::Stopped, start_end::StepEnded> end;
  core::ExitCode exit_code() const;
};

// Errors: a step flow's error, start.no_answer (no answer could be read at a checkpoint:
// a refusal; start.no_answer_approves at checkpoint 3, with the command the digest approves), workflow.artifact_invalid (no usable manifest
// at checkpoint 3).
core::Result<StartOutcome> start(const StartRequest& request, Prompter& prompter, StartObserver& observer, Launcher& launcher);

}  // namespace flow
