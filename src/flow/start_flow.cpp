#include "flow/start_flow.h"

#include <algorithm>
#include <sstream>

#include "core/fs.h"
#include "flow/checkpoint_flow.h"
#include "intake/analysis_file.h"
#include "intake/analyze.h"
#include "workflow/approval.h"
#include "workflow/command_digest.h"
#include "workflow/candidate_workdir.h"
#include "artifacts/comparison_manifest.h"
#include "artifacts/prepared_manifest.h"
#include "workflow/decide.h"
#include "report/read_workdir.h"
#include "core/text.h"

namespace flow {

namespace {

using workflow::ArtifactState;
using workflow::Checkpoint;
using workflow::CheckpointState;

// nullopt: go on to the next step; a value: the flow ends there.
using Stop = std::optional<core::Result<StartOutcome>>;

Stop stop_with(start_end::StepEnded e) { return core::Result<StartOutcome>(StartOutcome{e}); }
Stop stopped(Checkpoint cp, std::string command, core::ExitCode code) {
  return core::Result<StartOutcome>(StartOutcome{start_end::Stopped{cp, std::move(command), code}});
}
Stop failed(core::Error e) { return core::Result<StartOutcome>(core::fail(std::move(e))); }

class Start {
 public:
  Start(const StartRequest& req, Prompter& prompter, StartObserver& observer, Launcher& launcher)
      : m_req(req), m_wd{req.workdir}, m_prompter(prompter), m_observer(observer), m_launcher(launcher) {}

  core::Result<StartOutcome> run() {
    for (auto step : {&Start::analysis_step, &Start::analysis_checkpoint, &Start::plan_step, &Start::plan_checkpoint, &Start::prepare_step,
                      &Start::execution_checkpoint, &Start::result_checkpoint}) {
      if (Stop stop = (this->*step)()) return std::move(*stop);
    }
    return StartOutcome{start_end::Finished{}};
  }

 private:
  bool same_model(const core::Json& doc) const {
    // A document that does not read is not this model's analysis: it is made again.
    auto read = intake::read_analysis_file(doc);
    if (!read) return false;
    const intake::AnalysisFile& analysis = *read;
    const std::string& recorded = analysis.model_path;
    if (recorded.empty()) return false;
    // A Hub model's analysis records the revision it was asked for (the default one when none
    // was): another revision is another model, analysed again, never run under this analysis.
    if (analysis.revision && *analysis.revision != (m_req.revision.empty() ? intake::kDefaultRevision : m_req.revision)) {
      return false;
    }
    if (recorded == m_req.model) return true;
    auto real = core::real_path(m_req.model);
    return real && real->string() == recorded;
  }

  bool already(const workflow::WorkflowStatus& s, Checkpoint cp) const {
    const auto& st = s.at(cp);
    if (st.state != CheckpointState::confirmed) return false;
    m_observer.on_already_confirmed(cp, st.confirmation->confirmed_at);
    return true;
  }

  static core::Error no_answer(Checkpoint cp, const std::string& command, core::ExitCode code) {
    return core::make_error(code, "start.no_answer").with("checkpoint", std::to_string(static_cast<int>(cp))).with("command", command);
  }

  Stop analysis_step() {
    auto s = workflow::status_of(m_wd);
    if (!s) return failed(s.error());
    if (s->analysis.state == ArtifactState::valid && same_model(s->analysis.doc)) {
      m_observer.on_reuse(s->analysis.path);
      return std::nullopt;
    }
    m_observer.on_step(1);
    intake::AnalyzeRequest req;
    req.model = m_req.model;
    if (!m_req.revision.empty()) req.revision = m_req.revision;
    // The oracle in the environment plan will use (start's --python, $VIRTUAL_ENV, ...).
    AnalyzeOracle oracle;
    oracle.python = m_req.plan.options.python;
    oracle.getenv = m_req.plan.getenv;
    oracle.run = m_req.plan.oracle;
    auto a = analyze(m_req.workdir, req, oracle);
    if (!a) return failed(a.error());
    m_observer.on_analyzed(*a);
    return std::nullopt;
  }

  Stop analysis_checkpoint() {
    const std::string command = "quark-ptq confirm analysis";
    // KEY=VALUE words typed here are corrections, applied for the next look and confirmed only
    // by a yes after it.
    ConfirmAnalysisRequest req;
    req.corrections_in_answer = true;
    req.on_correction_refused = [this](const core::Error& e) { m_observer.on_correction_refused(e); };
    auto end = confirm_analysis(m_wd, req, [this](const AnalysisQuestion& q) -> std::optional<Answer> {
      auto words = m_prompter.ask_analysis(q.analysis, q.corrections);
      if (!words) return std::nullopt;
      return Answer{*words, false};
    });
    if (!end) return failed(end.error());
    if (std::holds_alternative<checkpoint_end::NoAnswer>(*end))
      return failed(no_answer(Checkpoint::analysis, command, core::ExitCode::not_confirmed));
    if (std::holds_alternative<checkpoint_end::NotAYes>(*end)) return stopped(Checkpoint::analysis, command, core::ExitCode::not_confirmed);
    const auto& confirmed = std::get<checkpoint_end::Confirmed>(*end).outcome;
    if (confirmed.already) {
      m_observer.on_already_confirmed(Checkpoint::analysis, confirmed.confirmation.confirmed_at);
    } else {
      m_observer.on_confirmed(confirmed, true);
    }
    return std::nullopt;
  }

  Stop plan_step() {
    auto s = workflow::status_of(m_wd);
    if (!s) return failed(s.error());
    m_plan = m_req.plan;
    m_plan.workdir = m_req.workdir;
    if (s->plan.state == ArtifactState::valid) {
      // Resuming: the plan stays as confirmed unless an option given now changes one of its
      // decisions; an option repeated with the value it already has (the same start line
      // again, --python included) changes nothing.
      auto recorded = plan_request_from_document(s->plan.doc, m_plan);
      if (!recorded) return failed(recorded.error());
      LaidOver laid = lay_over(*recorded, m_req.plan, m_req.plan_options_given);
      m_plan = std::move(laid.request);
      if (laid.changes.empty()) {
        m_observer.on_reuse(s->plan.path);
        return std::nullopt;
      }
      m_observer.on_plan_reopened(laid.changes);
    }
    m_observer.on_step(2);
    auto p = make_plan(m_plan, m_observer);
    if (!p) return failed(p.error());
    m_observer.on_planned(*p);
    if (p->exit_code() != core::ExitCode::ok) return stop_with({p->exit_code()});
    return std::nullopt;
  }

  Stop plan_checkpoint() {
    // Once the person typed options here, the plan is asked again whatever they made: a plan
    // that equals one confirmed before is never passed silently, so the next yes cannot land
    // on checkpoint 3's question.
    bool adjusted = false;
    while (true) {
      std::optional<PlanRequest> options;  // typed instead of a yes or no
      std::string asked_digest;
      ConfirmPlanRequest confirm;
      confirm.ask_when_confirmed = adjusted;
      auto end = confirm_plan(m_wd, confirm, [&](const PlanQuestion& q) -> std::optional<Answer> {
        asked_digest = q.digest;
        auto answer = m_prompter.ask_plan(q.plan, m_plan);
        if (!answer) return std::nullopt;
        options = answer->adjusted;
        return Answer{answer->words, false};
      });
      if (!end) return failed(end.error());
      if (std::holds_alternative<checkpoint_end::NoAnswer>(*end))
        return failed(no_answer(Checkpoint::plan, "quark-ptq confirm plan", core::ExitCode::not_confirmed));
      if (options) {
        // The same step 2 as `quark-ptq plan` with these options; an invalid plan writes
        // nothing, so the plan asked again is the one a yes would confirm.
        PlanRequest req = *options;
        req.workdir = m_req.workdir;
        req.capture = m_plan.capture;
        req.getenv = m_plan.getenv;
        req.oracle = m_plan.oracle;
        m_observer.on_replanning();
        auto p = make_plan(req, m_observer);
        if (!p) {
          if (p.error().code == core::ExitCode::usage || p.error().code == core::ExitCode::bad_input) {
            m_observer.on_adjustment_refused(p.error());
            continue;
          }
          return failed(p.error());
        }
        m_observer.on_planned(*p);
        if (p->exit_code() == core::ExitCode::ok) {
          if (auto after = workflow::status_of(m_wd); after && after->plan.digest == asked_digest) m_observer.on_plan_unchanged();
          m_plan = std::move(req);
        }
        adjusted = true;
        continue;
      }
      if (std::holds_alternative<checkpoint_end::NotAYes>(*end)) {
        return stopped(Checkpoint::plan, "quark-ptq plan ... / quark-ptq confirm plan", core::ExitCode::not_confirmed);
      }
      const auto& confirmed = std::get<checkpoint_end::Confirmed>(*end).outcome;
      if (confirmed.already && asked_digest.empty()) {
        m_observer.on_already_confirmed(Checkpoint::plan, confirmed.confirmation.confirmed_at);
      } else {
        m_observer.on_confirmed(confirmed, false);
      }
      return std::nullopt;
    }
  }

  // Step 3's options, as start was given them.
  manifest::PrepareOptions prepare_options() const {
    manifest::PrepareOptions p;
    p.workdir = m_req.workdir;
    p.output_dir = m_req.output_dir;
    p.python = m_req.plan.options.python;
    p.eval_python = m_req.eval_python;
    return p;
  }

  Stop prepare_step() {
    auto s = workflow::status_of(m_wd);
    if (!s) return failed(s.error());
    if (s->comparison) return prepare_comparison_step(*s);
    const auto outputs = artifacts::prepared_sections_as_read(s->manifest.doc).outputs;
    bool same_dest = outputs && outputs->output_dir == core::absolute_path(m_req.output_dir).string();
    if (s->manifest.state == ArtifactState::valid && same_dest) {
      m_observer.on_reuse(s->manifest.path);
      return std::nullopt;
    }
    m_observer.on_step(3);
    const manifest::PrepareOptions p = prepare_options();
    auto r = manifest::prepare(p);
    if (!r) return failed(r.error());
    m_observer.on_prepared(*r);
    if (!r->ready) return stop_with({core::ExitCode::env_not_ready});
    return std::nullopt;
  }

  Stop execution_checkpoint() {
    auto s = workflow::status_of(m_wd);
    if (!s) return failed(s.error());
    if (s->comparison) return comparison_execution(*s);
    // Resuming after a finished run: go straight to checkpoint 4.
    if (s->at(Checkpoint::execution).state == CheckpointState::confirmed && artifacts::manifest_result_as_read(s->manifest.doc)) {
      return std::nullopt;
    }
    if (s->manifest.state != ArtifactState::valid) {
      return failed(core::make_error(core::ExitCode::bad_input, "workflow.artifact_invalid")
                        .with("path", s->manifest.path.string())
                        .with("problem", s->manifest.problem.empty() ? std::string(workflow::artifact_state_name(s->manifest.state))
                                                                     : s->manifest.problem)
                        .with("command", "quark-ptq prepare --output-dir " + m_req.output_dir));
    }
    std::string digest = workflow::recompute_command_digest(s->manifest.doc);
    std::string command = "quark-ptq run --approve " + digest;
    // The digest is never offered without the command it approves.
    std::string approves = workflow::approved_command_display(command, s->manifest.doc).value_or("");
    // The same command failed last time for a reason the plan must fix: said before the question.
    auto pending = pending_command(m_req.workdir);
    const bool repeats = pending && pending->repeats;
    if (repeats) m_observer.on_repeat_warning(*pending->repeats);
    auto answer = m_prompter.ask_execution(s->manifest.doc);
    if (!answer) {
      core::Error e = no_answer(Checkpoint::execution, command, core::ExitCode::not_approved);
      if (!approves.empty()) {
        e.id = "start.no_answer_approves";
        e.with("approves", approves);
      }
      return failed(std::move(e));
    }
    bool approved = workflow::is_execution_approval(*answer);
    m_observer.on_execution_answer(*answer, approved, digest);
    if (!approved)
      return core::Result<StartOutcome>(
          StartOutcome{start_end::Stopped{Checkpoint::execution, command, core::ExitCode::not_approved, approves}});
    m_observer.on_step(4);
    RunRequest req = m_req.run;
    req.workdir = m_req.workdir;
    req.approve = digest;
    req.user_words = *answer;
    req.repeat_acknowledged = repeats;  // the person answered with the warning in view
    NoPrompt no_prompt;                 // the digest is given: run never asks
    auto r = flow::run(req, m_launcher, no_prompt, m_observer);
    if (!r) return failed(r.error());
    m_observer.on_ran(*r);
    // A verified output whose evaluation is not a pass still goes to checkpoint 4: the person
    // decides, with the evidence, whether to accept it despite the evaluation, ask for a
    // follow-up, or stop.
    const bool judged = r->exit_code() == core::ExitCode::eval_failed && std::holds_alternative<run_end::Verified>(r->end);
    if (r->exit_code() != core::ExitCode::ok && !judged) return stop_with({r->exit_code()});
    return std::nullopt;
  }

  Stop result_checkpoint() {
    auto s = workflow::status_of(m_wd);
    if (!s) return failed(s.error());
    if (s->comparison) return comparison_result(*s);
    // A yes accepts (despite an evaluation that is not a pass, as the question says: the
    // Prompter shows the manifest), a refusal or nothing stops, other words ask a follow-up.
    DecideRequest req{m_req.workdir, "", Decision::either, std::nullopt, "", ""};
    bool despite = false;
    auto end = decide_result(req, [&](const ResultQuestion& q) -> std::optional<Answer> {
      despite = q.despite;
      auto words = m_prompter.ask_result(q.status.manifest.doc);
      if (!words) return std::nullopt;
      return Answer{*words, false};
    });
    if (!end) return failed(end.error());
    const core::ExitCode stop_code = despite ? core::ExitCode::eval_failed : core::ExitCode::not_confirmed;
    if (std::holds_alternative<checkpoint_end::NoAnswer>(*end)) return failed(no_answer(Checkpoint::result, "quark-ptq accept", stop_code));
    if (std::holds_alternative<checkpoint_end::NotAYes>(*end)) {
      return stopped(
          Checkpoint::result,
          despite ? "quark-ptq accept --despite-evaluation / quark-ptq followup TEXT" : "quark-ptq accept / quark-ptq followup TEXT",
          stop_code);
    }
    const auto& decided = std::get<checkpoint_end::Decided>(*end);
    if (decided.already) {
      m_observer.on_already_confirmed(Checkpoint::result, decided.confirmation.confirmed_at);
    } else {
      m_observer.on_decided(decided.confirmation, decided.followup ? DecisionKind::followup : DecisionKind::accepted);
    }
    return std::nullopt;
  }

  // A comparison's step 3: every candidate prepared into DIR/NAME (reused when the comparison
  // manifest is current and was made for the same DIR).
  Stop prepare_comparison_step(const workflow::WorkflowStatus& s) {
    const std::string dir = core::absolute_path(m_req.output_dir).string();
    auto record = artifacts::ComparisonManifest::from_json(s.comparison_manifest.doc);
    if (s.comparison_manifest.state == ArtifactState::valid && record && record->output_dir == dir) {
      m_observer.on_reuse(s.comparison_manifest.path);
      return std::nullopt;
    }
    m_observer.on_step(3);
    const manifest::PrepareOptions p = prepare_options();
    auto r = manifest::prepare_comparison(p);
    if (!r) return failed(r.error());
    m_observer.on_comparison_prepared(*r);
    if (!r->ready()) return stop_with({core::ExitCode::env_not_ready});
    return std::nullopt;
  }

  // Checkpoint 3 of a comparison: one question for all candidates, then run_comparison with
  // the digest the person approved here.
  Stop comparison_execution(const workflow::WorkflowStatus& s) {
    const bool all_finished =
        !s.candidates.empty() && std::all_of(s.candidates.begin(), s.candidates.end(), [](const auto& c) { return c.finished; });
    if (s.at(Checkpoint::execution).state == CheckpointState::confirmed && all_finished) return std::nullopt;
    auto q = comparison_question(m_req.workdir);
    if (!q) return failed(q.error());
    const std::string command = "quark-ptq run --approve " + q->digest;
    auto answer = m_prompter.ask_comparison(*q);
    if (!answer) return failed(no_answer(Checkpoint::execution, command, core::ExitCode::not_approved));
    const bool approved = workflow::is_execution_approval(*answer);
    m_observer.on_execution_answer(*answer, approved, q->digest);
    if (!approved) return stopped(Checkpoint::execution, command, core::ExitCode::not_approved);
    m_observer.on_step(4);
    RunRequest req = m_req.run;
    req.workdir = m_req.workdir;
    req.approve = q->digest;
    req.user_words = *answer;
    NoComparisonPrompt no_prompt;  // the digest is given: run_comparison never asks
    ForwardingComparison forwarding(m_observer);
    ComparisonObserver* observer = m_observer.comparison_observer();
    auto r = run_comparison(req, m_launcher, no_prompt, observer != nullptr ? *observer : forwarding);
    if (!r) return failed(r.error());
    m_observer.on_comparison_ran(*r);
    // Checkpoint 4 is asked whenever a candidate verified: the table is the evidence, even
    // when no evaluation passed.
    const core::ExitCode code = r->exit_code();
    if (code == core::ExitCode::interrupted) return stop_with({code});
    auto after = workflow::status_of(m_wd);
    const bool any_verified = after && std::any_of(after->candidates.begin(), after->candidates.end(),
                                                   [](const auto& c) { return c.verification == workflow::Verification::success; });
    if (!any_verified) return stop_with({code == core::ExitCode::ok ? core::ExitCode::run_failed : code});
    return std::nullopt;
  }

  // Checkpoint 4 of a comparison: the table and the recommendation; the person names the
  // candidate to accept (its evaluation not a pass: accepted despite it, as the question says).
  Stop comparison_result(const workflow::WorkflowStatus& s) {
    for (const auto& c : s.candidates) {
      if (c.result.state == CheckpointState::confirmed && c.result.confirmation) {
        m_observer.on_already_confirmed(Checkpoint::result, c.result.confirmation->confirmed_at);
        return std::nullopt;
      }
    }
    auto report = report::read_workdir(m_wd);
    if (!report) return failed(report.error());
    const ComparisonTable table = comparison_table(std::move(*report));
    const std::string command = "quark-ptq accept --candidate NAME";
    auto answer = m_prompter.ask_candidate(table);
    if (!answer) return failed(no_answer(Checkpoint::result, command, core::ExitCode::not_confirmed));
    const std::string name(core::trim(*answer));
    const auto chosen = std::find_if(table.report.candidates.begin(), table.report.candidates.end(),
                                     [&](const report::Candidate& c) { return c.name == name; });
    if (chosen == table.report.candidates.end()) return stopped(Checkpoint::result, command, core::ExitCode::not_confirmed);
    auto sub = workflow::decision_workdir(m_wd, name);
    if (!sub) return failed(sub.error());
    const bool despite = !chosen->evaluation || chosen->evaluation->verdict != evaluate::Status::pass;
    auto conf = workflow::accept_result(*sub, *answer, despite);
    if (!conf) return failed(conf.error());
    m_observer.on_decided(*conf, DecisionKind::accepted);
    return std::nullopt;
  }

  // Each candidate's run reports to start's own observer when the front end gives no
  // comparison observer of its own.
  class ForwardingComparison final : public ComparisonObserver {
   public:
    explicit ForwardingComparison(RunObserver& run) : m_run(run) {}
    RunObserver& run_observer() override { return m_run; }

   private:
    RunObserver& m_run;
  };

  class NoComparisonPrompt final : public ComparisonPrompt {
   public:
    bool can_ask() const override { return false; }
    std::optional<std::string> ask_comparison(const ComparisonQuestion&) override { return std::nullopt; }
  };

  class NoPrompt final : public ApprovalPrompt {
   public:
    bool can_ask() const override { return false; }
    std::optional<std::string> ask_approval(const workflow::RecordedCommand&, const std::string&) override { return std::nullopt; }
  };

  const StartRequest& m_req;
  workflow::Workdir m_wd;
  PlanRequest m_plan;  // what the plan asked at checkpoint 2 was made with
  Prompter& m_prompter;
  StartObserver& m_observer;
  Launcher& m_launcher;
};

}  // namespace

core::ExitCode StartOutcome::exit_code() const {
  if (const auto* s = std::get_if<start_end::Stopped>(&end)) return s->code;
  if (const auto* s = std::get_if<start_end::StepEnded>(&end)) return s->code;
  return core::ExitCode::ok;
}

core::Result<StartOutcome> start(const StartRequest& request, Prompter& prompter, StartObserver& observer, Launcher& launcher) {
  return Start(request, prompter, observer, launcher).run();
}

}  // namespace flow
