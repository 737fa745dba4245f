#include "workflow/state.h"

#include <algorithm>
#include <functional>
#include <iterator>
#include <system_error>

#include "artifacts/analysis_upgrade.h"
#include "artifacts/plan_upgrade.h"
#include "artifacts/prepared_manifest.h"
#include "artifacts/run_manifest.h"
#include "core/fs.h"
#include "core/shell_quote.h"
#include "core/sha256.h"
#include "options/option_table.h"
#include "workflow/candidate_workdir.h"
#include "workflow/command_digest.h"
#include "artifacts/comparison_manifest.h"

namespace workflow {

std::string_view checkpoint_state_name(CheckpointState s) {
  switch (s) {
    case CheckpointState::pending:
      return "pending";
    case CheckpointState::confirmed:
      return "confirmed";
    case CheckpointState::stale:
      return "stale";
  }
  return "pending";
}

std::string_view verification_name(Verification v) {
  switch (v) {
    case Verification::none:
      return "none";
    case Verification::success:
      return "success";
    case Verification::partial:
      return "partial";
    case Verification::failed:
      return "failed";
  }
  return "none";
}

std::string replan_command(const WorkflowStatus& s) {
  return s.next_action == NextAction::evaluation_not_pass && !s.next_command.empty() ? s.next_command : "quark-ptq plan";
}

std::string confirm_command(Checkpoint c) {
  switch (c) {
    case Checkpoint::analysis:
      return "quark-ptq confirm analysis";
    case Checkpoint::plan:
      return "quark-ptq confirm plan";
    case Checkpoint::execution:
      return "quark-ptq run --approve <digest printed by prepare>";
    case Checkpoint::result:
      return "quark-ptq accept";
  }
  return "";
}

std::string recompute_command_digest(const core::Json& manifest) {
  auto cmd = read_recorded_command(manifest);
  return cmd ? command_digest(*cmd) : "";
}

namespace {

// The approval is bound to everything the run does (workflow/command_digest.h); a hand-edited
// command, display, output directory, verdict or model identity must not inherit it.
void check_command_digest(ArtifactStatus& m) {
  if (m.state != ArtifactState::valid) return;
  std::string problem = command_inconsistency(m.doc);
  if (!problem.empty()) {
    m.state = ArtifactState::invalid;
    m.problem = problem;
  }
}

void mark_stale(ArtifactStatus& a, const std::string& problem) {
  if (a.state == ArtifactState::valid) {
    a.state = ArtifactState::stale;
    a.problem = problem;
  }
}

// Confirmed when the latest confirmation is bound to `digest` and everything upstream holds.
CheckpointStatus check(const std::vector<Confirmation>& all, Checkpoint c, const std::string& digest, bool upstream_ok) {
  CheckpointStatus st;
  st.checkpoint = c;
  st.expected_digest = digest;
  st.confirmation = latest_confirmation(all, c);
  if (!st.confirmation) return st;
  // Only a decision that passes this checkpoint counts; "declined" or anything written by
  // hand leaves it pending, whatever its digest.
  if (!passes_checkpoint(*st.confirmation)) {
    st.confirmation.reset();
    return st;
  }
  bool current = !digest.empty() && st.confirmation->digest == digest && upstream_ok;
  st.state = current ? CheckpointState::confirmed : CheckpointState::stale;
  return st;
}

std::string model_hint(const WorkflowStatus& s) {
  auto analysis = artifacts::read_model_analysis(s.analysis.doc);
  return analysis && !analysis->model.model_path.empty() ? analysis->model.model_path : "MODEL";
}

std::string output_dir_hint(const WorkflowStatus& s) {
  const auto sections = artifacts::prepared_sections_as_read(s.manifest.doc);
  return sections.outputs ? core::shell_quote(sections.outputs->output_dir) : "DIR";
}

// The interpreter the user chose, as the artifacts record it: the
// manifest's when prepare was given --python; before any manifest, the one the plan was
// checked against. "" when the user left it to the environment.
std::string python_hint(const WorkflowStatus& s) {
  if (s.manifest.state != ArtifactState::missing && s.manifest.doc.is_object()) {
    const auto env = artifacts::prepared_sections_as_read(s.manifest.doc).environment;
    bool given = env && env->python.source == "--python";
    return given ? env->python.path.value_or("") : "";
  }
  auto plan = artifacts::read_quant_plan(s.plan.doc);
  return plan && plan->quark ? plan->quark->python.value_or("") : "";
}

std::string with_python(const WorkflowStatus& s, std::string cmd) {
  std::string py = python_hint(s);
  return py.empty() ? cmd : cmd + " --python " + core::shell_quote(py);
}

// `quark-ptq plan` with every option the plan was made with (quant_plan.json `options`, read
// through the option table), so that a hint that replans keeps the person's choices: `drop`
// leaves options out (the ones a hint suggests changing), `set` replaces them. The interpreter
// is the one the artifacts say the person chose (python_hint), if any. A plan whose recorded
// options are not the table's (written by hand or by another tool): what its fields say.
std::string recorded_plan_command(const WorkflowStatus& s, std::vector<std::string_view> drop = {},
                                  const std::function<void(options::PlanOptions&)>& set = {}) {
  options::PlanOptions o;
  const auto plan = artifacts::read_quant_plan(s.plan.doc);
  auto parsed = plan && plan->options.is_object() ? options::from_json(plan->options) : core::Result<options::PlanOptions>(o);
  if (plan && plan->options.is_object() && parsed) {
    o = *parsed;
  } else {
    if (plan && plan->target && plan->target->source == "option") o.target = plan->target->name;
    if (std::string intent = plan ? plan->evaluation_intent.value_or("none") : "none"; intent != "none") o.eval = intent;
    o.priority.clear();  // not recorded: the planner's default stays the default
  }
  for (auto& field : drop) {
    if (const auto* row = options::find_plan_option(field)) options::copy_option(o, options::PlanOptions{}, *row);
  }
  if (set) set(o);
  o.python.clear();  // from python_hint below
  return with_python(s, options::plan_command(o));
}

std::string plan_command(const WorkflowStatus& s) { return recorded_plan_command(s); }

// prepare again: into the same output directory, with --overwrite when a run (or the user)
// already filled it, since prepare refuses a non-empty directory without it.
std::string prepare_command(const WorkflowStatus& s) {
  std::string cmd = "quark-ptq prepare --output-dir " + output_dir_hint(s);
  const auto sections = artifacts::prepared_sections_as_read(s.manifest.doc);
  if (sections.outputs && core::is_directory(sections.outputs->output_dir)) {
    std::error_code ec;
    bool empty = std::filesystem::is_empty(sections.outputs->output_dir, ec);
    if (!ec && !empty) cmd += " --overwrite";
  }
  return with_python(s, cmd);
}

// The command that redoes the step ending at checkpoint `c`.
std::string redo_command(const WorkflowStatus& s, Checkpoint c) {
  switch (c) {
    case Checkpoint::analysis:
      return "quark-ptq analyze " + core::shell_quote(model_hint(s));
    case Checkpoint::plan:
      return plan_command(s);
    case Checkpoint::execution:
      return prepare_command(s);
    case Checkpoint::result:
      return "quark-ptq accept";
  }
  return "";
}

// The recorded environment verdict's blocking problems, by code, each code once.
std::string blocking_codes(const core::Json& manifest, int& count) {
  std::string codes;
  count = 0;
  const auto env = artifacts::prepared_sections_as_read(manifest).environment;
  if (!env || !env->verdict) return codes;
  std::vector<std::string> seen;
  for (const auto& p : env->verdict->problems) {
    if (!p.blocking()) continue;
    ++count;
    std::string code = p.code.empty() ? "?" : p.code;
    if (std::find(seen.begin(), seen.end(), code) != seen.end()) continue;
    seen.push_back(code);
    codes += (codes.empty() ? "" : ", ") + code;
  }
  return codes;
}

// The verification's checks with `status` ("fail" or "partial").
std::vector<std::string> result_checks_with(const core::Json& manifest, std::string_view status) {
  std::vector<std::string> ids;
  if (auto result = artifacts::manifest_result_as_read(manifest)) {
    for (const artifacts::ResultCheck* c : result->checks_with(status)) ids.push_back(c->id.empty() ? "?" : c->id);
  }
  return ids;
}

// Where a verification finding sends the user back to: a missing or unreadable output is the
// run's to redo (checkpoint 3: prepare and approve again); anything that disagrees with the
// plan (scheme, exclusions, KV cache, layers, evaluation) is the plan's (checkpoint 2).
Checkpoint checkpoint_for_checks(const std::vector<std::string>& ids) {
  static const char* const kOutputChecks[] = {"output_dir", "files",  "weights_present", "shards_present",    "headers",
                                              "index",      "config", "tokenizer",       "generation_config", "layers_present"};
  if (ids.empty()) return Checkpoint::plan;
  for (const auto& id : ids) {
    if (std::find(std::begin(kOutputChecks), std::end(kOutputChecks), id) == std::end(kOutputChecks)) return Checkpoint::plan;
  }
  return Checkpoint::execution;
}

// Back to the plan with a less aggressive scheme: every option of the plan kept (its target,
// calibration, evaluation and text, so the new result is judged the same way) except the
// scheme, which the planner chooses again for priority accuracy.
std::string less_aggressive_plan_command(const WorkflowStatus& s) {
  return recorded_plan_command(s, {"scheme"}, [](options::PlanOptions& o) { o.priority = "accuracy"; });
}

// Checkpoint 4 as the recorded verdicts allow it: a plain accept only for a verified result
// whose evaluation (when there is one) passed.
void choose_result_action(WorkflowStatus& s) {
  auto set = [&s](NextAction next, std::string cmd, std::vector<core::MessageArg> args) {
    s.next_action = next;
    s.next_command = std::move(cmd);
    s.next_action_args = std::move(args);
  };
  const CheckpointStatus& cp4 = s.at(Checkpoint::result);
  if (cp4.state == CheckpointState::confirmed) {
    if (cp4.confirmation->decision == "followup") return set(NextAction::followup, plan_command(s), {{"text", cp4.confirmation->followup}});
    return set(NextAction::done, "", {});
  }
  if (s.verification == Verification::failed) {
    auto ids = result_checks_with(s.manifest.doc, "fail");
    Checkpoint c = checkpoint_for_checks(ids);
    return set(NextAction::result_failed, redo_command(s, c),
               {{"count", std::to_string(ids.size())}, {"checkpoint", std::to_string(static_cast<int>(c))}});
  }
  if (s.verification == Verification::partial) {
    auto ids = result_checks_with(s.manifest.doc, "partial");
    Checkpoint c = checkpoint_for_checks(ids);
    return set(
        NextAction::result_partial, redo_command(s, c),
        {{"count", std::to_string(ids.size())}, {"checkpoint", std::to_string(static_cast<int>(c))}, {"accept", "quark-ptq accept"}});
  }
  if (s.evaluation == "not-run") {
    // Nothing was measured: the scheme is not in question, the evaluation is to be had again.
    std::vector<core::MessageArg> args = evaluation_reason_args(s.manifest.doc);
    args.push_back({"accept", "quark-ptq accept --despite-evaluation"});
    return set(NextAction::evaluation_not_run, "quark-ptq run", std::move(args));
  }
  if (!s.evaluation.empty() && s.evaluation != "pass") {
    std::vector<core::MessageArg> args = {{"verdict", s.evaluation}};
    for (auto& a : evaluation_reason_args(s.manifest.doc)) args.push_back(std::move(a));
    args.push_back({"followup", "quark-ptq followup TEXT"});
    return set(NextAction::evaluation_not_pass, less_aggressive_plan_command(s), std::move(args));
  }
  set(NextAction::accept, "quark-ptq accept", {});
}

// The checkpoint the failed run's diagnosis sends the person back to, when it says one.
std::optional<int> diagnosed_return(const core::Json& manifest) {
  auto run = artifacts::manifest_run_as_read(manifest);
  if (!run || !run->diagnosis) return std::nullopt;
  return run->diagnosis->return_to_checkpoint;
}

// prepare again for a comparison: into the parent directory the comparison recorded, with
// --overwrite once a candidate's output holds files.
std::string prepare_comparison_command(const WorkflowStatus& s) {
  const artifacts::ComparisonOutputs recorded = artifacts::recorded_outputs(s.comparison_manifest.doc);
  std::string cmd =
      "quark-ptq prepare --output-dir " + (!recorded.output_dir.empty() ? core::shell_quote(recorded.output_dir) : std::string("DIR"));
  for (const auto& dir : recorded.candidate_dirs) {
    std::error_code ec;
    if (core::is_directory(dir) && !std::filesystem::is_empty(dir, ec) && !ec) {
      cmd += " --overwrite";
      break;
    }
  }
  return with_python(s, cmd);
}

// After checkpoint 2 of a comparison: its manifest, one approval of its digest, the candidates
// run one after another, then checkpoint 4 chooses one of them.
void choose_comparison_action(WorkflowStatus& s) {
  auto set = [&s](NextAction next, std::string cmd, std::vector<core::MessageArg> args = {}) {
    s.next_action = next;
    s.next_command = std::move(cmd);
    s.next_action_args = std::move(args);
  };
  if (s.comparison_manifest.state != ArtifactState::valid) return set(NextAction::prepare, prepare_comparison_command(s));
  std::string not_ready;
  int blocked = 0;
  for (const auto& c : s.comparison_record ? s.comparison_record->candidates : std::vector<artifacts::ComparisonEntry>{}) {
    if (c.ready) continue;
    ++blocked;
    not_ready += (not_ready.empty() ? "" : ", ") + c.name;
  }
  if (blocked > 0) {
    return set(NextAction::fix_environment, prepare_comparison_command(s), {{"count", std::to_string(blocked)}, {"problems", not_ready}});
  }
  int done = 0;
  bool running = false;
  for (const auto& c : s.candidates) {
    if (c.accepted) return set(NextAction::done, "");
    done += c.finished ? 1 : 0;
    running = running || c.phase == RunPhase::running;
  }
  const std::string digest = s.comparison_record ? s.comparison_record->digest : "<digest>";
  if (s.at(Checkpoint::execution).state != CheckpointState::confirmed) return set(NextAction::approve, "quark-ptq run --approve " + digest);
  if (running) return set(NextAction::wait_running, "quark-ptq status");
  const std::string count = std::to_string(s.candidates.size());
  if (done < static_cast<int>(s.candidates.size())) {
    return set(NextAction::run_comparison, "quark-ptq run --approve " + digest, {{"done", std::to_string(done)}, {"count", count}});
  }
  set(NextAction::choose_candidate, "quark-ptq accept --candidate NAME", {{"count", count}});
}

void choose_next_action(WorkflowStatus& s) {
  auto set = [&s](NextAction next, std::string cmd) {
    s.next_action = next;
    s.next_command = std::move(cmd);
  };
  using A = ArtifactState;
  using C = CheckpointState;
  if (s.analysis.state == A::missing) return set(NextAction::analyze, "quark-ptq analyze MODEL");
  if (s.analysis.state == A::invalid) return set(NextAction::reanalyze, redo_command(s, Checkpoint::analysis));
  if (s.at(Checkpoint::analysis).state != C::confirmed) return set(NextAction::confirm_analysis, confirm_command(Checkpoint::analysis));
  if (s.plan.state != A::valid) return set(NextAction::plan, plan_command(s));
  if (s.at(Checkpoint::plan).state != C::confirmed) return set(NextAction::confirm_plan, confirm_command(Checkpoint::plan));
  if (s.comparison) return choose_comparison_action(s);
  if (s.manifest.state != A::valid) return set(NextAction::prepare, prepare_command(s));
  // The run refuses a manifest whose recorded verdict is not ready (exit 6), whatever was
  // approved: the environment is what has to change, then prepare records a new verdict.
  auto cmd = read_recorded_command(s.manifest.doc);
  if (!cmd || !cmd->environment_ready()) {
    int count = 0;
    std::string codes = blocking_codes(s.manifest.doc, count);
    s.next_action_args = {{"count", std::to_string(count)}, {"problems", codes.empty() ? "-" : codes}};
    return set(NextAction::fix_environment, prepare_command(s));
  }
  std::string digest = !cmd->digest.empty() ? cmd->digest : "<digest>";
  if (s.at(Checkpoint::execution).state != C::confirmed) return set(NextAction::approve, "quark-ptq run --approve " + digest);
  switch (s.run.phase) {
    case RunPhase::running:
      if (s.run.reason_id == "workflow.run_reason.job_unfollowed") {
        s.next_action_args = s.run.reason_args;
        return set(NextAction::follow_job, "quark-ptq run --approve " + digest);
      }
      return set(NextAction::wait_running, "quark-ptq status");
    case RunPhase::interrupted:
      return set(NextAction::rerun_interrupted, "quark-ptq run --approve " + digest);
    case RunPhase::failed: {
      // The diagnosis names the checkpoint to return to; without one, the plan (rule 9). A
      // failure after the export (checkpoint 4) is judged on the verified result.
      auto back = diagnosed_return(s.manifest.doc);
      if (back && *back == 4 && s.verification != Verification::none) return choose_result_action(s);
      Checkpoint c = (back && *back >= 1 && *back <= 3) ? static_cast<Checkpoint>(*back) : Checkpoint::plan;
      s.next_action_args = {{"checkpoint", std::to_string(static_cast<int>(c))}};
      return set(NextAction::after_failure, redo_command(s, c));
    }
    case RunPhase::none:
    case RunPhase::succeeded:
      break;
  }
  if (s.verification == Verification::none) return set(NextAction::run, "quark-ptq run --approve " + digest);
  choose_result_action(s);
}

// result.status, with an explicit passed: false read as failed.
Verification recorded_verification(const core::Json& manifest) {
  auto r = artifacts::manifest_result_as_read(manifest);
  if (!r) return Verification::none;
  if (r->passed == false) return Verification::failed;
  if (r->status == "success") return Verification::success;
  return r->status == "partial" ? Verification::partial : Verification::failed;
}

std::string recorded_evaluation(const core::Json& manifest) {
  auto e = artifacts::manifest_evaluation_as_read(manifest);
  return e ? e->verdict : "";
}

// A candidate run that the comparison does not redo (CandidateStatus::finished).
bool candidate_finished(const WorkflowStatus& c) {
  if (c.run.phase == RunPhase::succeeded) {
    return c.verification != Verification::none &&
           (c.verification != Verification::success || (!c.evaluation.empty() && c.evaluation != "not-run"));
  }
  if (c.run.phase != RunPhase::failed) return false;
  auto back = diagnosed_return(c.manifest.doc);
  return back && (*back == 1 || *back == 2);
}

// The comparison's manifest against the plan and analysis it was built from and against the
// candidates' workdirs: each must hold the manifest whose command digest the comparison
// recorded, else the comparison is invalid (prepare makes it again).
void judge_comparison(WorkflowStatus& s, const Workdir& wd) {
  ArtifactStatus& m = s.comparison_manifest;
  if (m.state != ArtifactState::valid) return;
  auto record = artifacts::ComparisonManifest::from_json(m.doc);
  if (!record) {
    m.state = ArtifactState::invalid;
    const std::string* problem = record.error().arg("problem");
    m.problem = problem != nullptr ? *problem : record.error().id;
    return;
  }
  if (record->analysis_digest != s.analysis.digest || record->plan_digest != s.plan.digest) {
    mark_stale(m, "built from another model_analysis.json or quant_plan.json");
    return;
  }
  for (const auto& entry : record->candidates) {
    CandidateStatus c;
    c.name = entry.name;
    auto sub = candidate_workdir(wd, entry.name, /*create=*/false);
    core::Result<WorkflowStatus> st = sub ? status_of(*sub) : core::fail(sub.error());
    if (!st) {
      const std::string* path = st.error().arg("path");
      c.problem = entry.workdir() + ": " + (path != nullptr ? st.error().id + " " + *path : st.error().id);
    } else if (st->manifest.state != ArtifactState::valid) {
      c.problem = entry.workdir() + "/run_manifest.yaml is " + std::string(artifact_state_name(st->manifest.state));
    } else if (recompute_command_digest(st->manifest.doc) != entry.command_digest) {
      c.problem = entry.workdir() + "/run_manifest.yaml is not the one prepared for this comparison";
    } else {
      c.phase = st->run.phase;
      c.verification = st->verification;
      c.evaluation = st->evaluation;
      c.result = st->at(Checkpoint::result);
      c.accepted = c.result.state == CheckpointState::confirmed;
      c.finished = candidate_finished(*st);
    }
    if (!c.problem.empty()) {
      m.state = ArtifactState::invalid;
      m.problem = c.problem;
    }
    s.candidates.push_back(std::move(c));
  }
}

}  // namespace

std::vector<core::MessageArg> evaluation_reason_args(const core::Json& manifest) {
  auto e = artifacts::manifest_evaluation_as_read(manifest);
  std::vector<core::MessageArg> args = {{"reason", e ? e->reason.text.value_or("-") : "-"}};
  if (!e || e->reason.id.empty()) return args;
  args.push_back({"reason_id", e->reason.id});
  for (const auto& a : e->reason.args) args.push_back({"reason." + a.name, a.value});
  return args;
}

WorkdirArtifacts read_artifacts(const Workdir& wd) {
  WorkdirArtifacts a;
  a.analysis = read_artifact(wd, Artifact::analysis);
  a.plan = read_artifact(wd, Artifact::plan);
  a.manifest = read_artifact(wd, Artifact::manifest);
  check_command_digest(a.manifest);
  a.comparison_manifest = read_artifact(wd, Artifact::comparison);
  return a;
}

core::Result<WorkflowStatus> status_of(const Workdir& wd) {
  QPTQ_TRY_ASSIGN(auto all, load_confirmations(wd));
  return status_of(wd, all, read_artifacts(wd));
}

WorkflowStatus status_of(const Workdir& wd, const std::vector<Confirmation>& all, WorkdirArtifacts artifacts) {
  WorkflowStatus s;
  s.workdir = wd.root;
  s.analysis = std::move(artifacts.analysis);
  s.plan = std::move(artifacts.plan);
  s.manifest = std::move(artifacts.manifest);
  s.comparison_manifest = std::move(artifacts.comparison_manifest);
  if (s.comparison_manifest.doc.is_object()) {
    if (auto record = artifacts::ComparisonManifest::from_json(s.comparison_manifest.doc)) s.comparison_record = std::move(*record);
  }
  const auto plan = artifacts::read_quant_plan(s.plan.doc);
  s.comparison = plan && plan->comparison.has_value();

  // Downstream artifacts are stale when the digests they were built from no longer match.
  if (s.plan.state == ArtifactState::valid) {
    if (!plan || plan->analysis_digest != s.analysis.digest) mark_stale(s.plan, "built from another model_analysis.json");
  }
  if (s.manifest.state == ArtifactState::valid) {
    const auto built_from = artifacts::prepared_sections_as_read(s.manifest.doc).built_from;
    bool same = built_from && built_from->analysis_digest == s.analysis.digest && built_from->plan_digest == s.plan.digest;
    if (!same) mark_stale(s.manifest, "built from another model_analysis.json or quant_plan.json");
  }
  if (s.comparison) judge_comparison(s, wd);
  if (!s.comparison && (s.manifest.state == ArtifactState::valid || s.manifest.state == ArtifactState::stale)) {
    s.run = assess_run(s.manifest.doc);
    s.verification = recorded_verification(s.manifest.doc);
    s.evaluation = recorded_evaluation(s.manifest.doc);
  }

  const bool analysis_ok = s.analysis.state == ArtifactState::valid;
  s.checkpoints[0] = check(all, Checkpoint::analysis, analysis_ok ? s.analysis.digest : "", true);
  const bool cp1 = s.checkpoints[0].state == CheckpointState::confirmed;
  const bool plan_ok = s.plan.state == ArtifactState::valid;
  s.checkpoints[1] = check(all, Checkpoint::plan, plan_ok ? s.plan.digest : "", cp1);
  const bool cp2 = s.checkpoints[1].state == CheckpointState::confirmed;
  std::string command_digest;
  if (s.comparison) {
    if (s.comparison_manifest.state == ArtifactState::valid && s.comparison_record) command_digest = s.comparison_record->digest;
  } else if (s.manifest.state == ArtifactState::valid) {
    command_digest = recompute_command_digest(s.manifest.doc);
  }
  s.checkpoints[2] = check(all, Checkpoint::execution, command_digest, cp2);
  const bool cp3 = s.checkpoints[2].state == CheckpointState::confirmed;
  const std::string result_digest = s.comparison || !cp3 ? "" : artifacts::recorded_result_digest(s.manifest.doc);
  s.checkpoints[3] = check(all, Checkpoint::result, result_digest, cp3);
  for (const auto& c : s.candidates) {
    if (s.comparison && c.accepted) s.checkpoints[3] = c.result;  // decided in the candidate's workdir
  }

  for (const auto& c : s.checkpoints) {
    if (c.state == CheckpointState::stale) {
      s.return_to = c.checkpoint;
      break;
    }
  }
  choose_next_action(s);
  return s;
}

std::string_view WorkflowStatus::run_state() const {
  if (run.phase == RunPhase::succeeded && verification != Verification::none && verification != Verification::success)
    return "not_verified";
  return run_phase_name(run.phase);
}

std::vector<std::string> WorkflowStatus::valid_artifacts() const {
  std::vector<std::string> names;
  for (const ArtifactStatus* a : {&analysis, &plan, comparison ? &comparison_manifest : &manifest}) {
    if (a->state == ArtifactState::valid) names.push_back(a->name);
  }
  return names;
}

core::Result<Confirmation> require_confirmed(const Workdir& wd, Checkpoint c) {
  QPTQ_TRY_ASSIGN(WorkflowStatus s, status_of(wd));
  return require_confirmed(s, c);
}

namespace {

// A message that tells the user to type `run --approve DIGEST` also shows what that digest
// approves: a digest is never offered on its own. The `<id>_approves`
// variant of the message carries the command, derived from the argv that would run.
core::Error with_next_command(core::Error e, const WorkflowStatus& s) {
  e.with("command", s.next_command);
  if (auto approves = approved_command_display(s.next_command, s.manifest.doc)) {
    e.id += "_approves";
    e.with("approves", *approves);
  }
  return e;
}

}  // namespace

std::optional<std::string> approved_command_display(const std::string& command, const core::Json& manifest) {
  if (command.find("run --approve ") == std::string::npos) return std::nullopt;
  auto cmd = read_recorded_command(manifest);
  if (!cmd) return std::nullopt;
  return cmd->display;
}

namespace {

// The file whose content changed after checkpoint `c` confirmed it, when that is why `c` is
// stale: the checkpoints before it still hold, and what `c` would bind now is another digest.
// nullopt when `c` is stale for another reason (its artifact is missing, fails its schema or
// was built from an upstream that changed): then an earlier artifact is what changed.
std::optional<std::string> edited_file(const WorkflowStatus& s, Checkpoint c) {
  const CheckpointStatus& st = s.at(c);
  if (st.state != CheckpointState::stale || !st.confirmation || st.expected_digest.empty()) return std::nullopt;
  if (st.confirmation->digest == st.expected_digest) return std::nullopt;
  for (int i = 1; i < static_cast<int>(c); ++i) {
    if (s.at(static_cast<Checkpoint>(i)).state != CheckpointState::confirmed) return std::nullopt;
  }
  return (c == Checkpoint::analysis ? s.workdir / "model_analysis.json"
          : c == Checkpoint::plan   ? s.workdir / "quant_plan.json"
                                    : s.workdir / "run_manifest.yaml")
      .string();
}

}  // namespace

core::Result<Confirmation> require_confirmed(const WorkflowStatus& s, Checkpoint c) {
  const CheckpointStatus& st = s.at(c);
  std::string name(checkpoint_name(c));
  std::string number = std::to_string(static_cast<int>(c));
  if (st.state == CheckpointState::confirmed) return *st.confirmation;
  // Stale only when this checkpoint, or one before it, lost a confirmation it had.
  if (s.return_to && static_cast<int>(*s.return_to) <= static_cast<int>(c)) {
    const Checkpoint back = *s.return_to;
    // Say which file changed when one did: "an earlier artifact changed" for an edited plan
    // sent people looking for an analysis nobody touched.
    std::string id = "workflow.stale";
    auto file = edited_file(s, back);
    if (file) id = back == c ? "workflow.stale_edited" : "workflow.stale_edited_upstream";
    core::Error e = core::make_error(core::ExitCode::stale, id)
                        .with("checkpoint", number)
                        .with("name", name)
                        .with("return_to", std::to_string(static_cast<int>(back)))
                        .with("return_name", std::string(checkpoint_name(back)));
    if (file) e.with("file", *file);
    return with_next_command(std::move(e), s);
  }
  return with_next_command(
      core::make_error(core::ExitCode::not_confirmed, "workflow.not_confirmed").with("checkpoint", number).with("name", name), s);
}

}  // namespace workflow
