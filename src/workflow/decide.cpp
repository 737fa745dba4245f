#include "workflow/decide.h"

#include "artifacts/run_manifest.h"
#include "core/text.h"
#include "workflow/launch_checks.h"
#include "workflow/state.h"

namespace workflow {

namespace {

// The verified result as recorded, with the digest an answer at checkpoint 4 binds.
struct CurrentResult {
  artifacts::Result result;
  std::string digest;
};

// The verified result, after checking that checkpoint 3 holds.
core::Result<CurrentResult> current_result(const Workdir& wd) {
  QPTQ_TRY(require_confirmed(wd, Checkpoint::execution));
  QPTQ_TRY_ASSIGN(WorkflowStatus s, status_of(wd));
  QPTQ_TRY_ASSIGN(std::optional<artifacts::Result> result, artifacts::manifest_result(s.manifest.doc));
  if (!result) {
    return core::make_error(core::ExitCode::not_confirmed, "workflow.no_result")
        .with("path", wd.manifest().string())
        .with("command", s.next_command);
  }
  return CurrentResult{std::move(*result), artifacts::recorded_result_digest(s.manifest.doc)};
}

}  // namespace

core::Result<Confirmation> approve_execution(const Workdir& wd, std::string_view digest, std::string_view user_words,
                                             std::string_view via) {
  QPTQ_TRY_ASSIGN(WorkflowStatus s, status_of(wd));
  return approve_execution(wd, s, digest, user_words, via);
}

core::Result<Confirmation> approve_execution(const Workdir& wd, const WorkflowStatus& s, std::string_view digest,
                                             std::string_view user_words, std::string_view via) {
  QPTQ_TRY(require_confirmed(s, Checkpoint::plan));
  const ArtifactStatus& m = s.manifest;
  std::string prepare = "quark-ptq prepare --output-dir DIR";
  if (m.state == ArtifactState::missing) {
    return core::make_error(core::ExitCode::bad_input, "workflow.artifact_missing").with("path", m.path.string()).with("command", prepare);
  }
  if (m.state == ArtifactState::invalid) {
    return core::make_error(core::ExitCode::bad_input, "workflow.artifact_invalid")
        .with("path", m.path.string())
        .with("problem", m.problem)
        .with("command", prepare);
  }
  if (m.state == ArtifactState::stale) {
    return core::make_error(core::ExitCode::stale, "workflow.manifest_stale").with("path", m.path.string()).with("command", prepare);
  }
  std::string actual = recompute_command_digest(m.doc);
  if (digest != actual) {
    // The expected digest is not printed: it is shown only beside the command it approves.
    return core::make_error(core::ExitCode::not_approved, "workflow.approval_digest_mismatch")
        .with("digest", std::string(digest))
        .with("command", "quark-ptq status");
  }
  const CheckpointStatus& cp = s.at(Checkpoint::execution);
  if (cp.state == CheckpointState::confirmed) return *cp.confirmation;
  Confirmation c = make_confirmation(Checkpoint::execution, actual, std::string(user_words), "approved", std::string(via));
  // Two approvals of the same command at once are one approval (checked under the lock).
  return record_confirmation(wd, c, [&](const std::vector<Confirmation>& all) -> std::optional<Confirmation> {
    auto last = latest_confirmation(all, Checkpoint::execution);
    if (last && passes_checkpoint(*last) && last->digest == actual) return last;
    return std::nullopt;
  });
}

namespace {

core::Result<CurrentResult> acceptable_result(const Workdir& wd, bool despite_evaluation) {
  QPTQ_TRY_ASSIGN(CurrentResult current, current_result(wd));
  if (current.result.status == "failed") {
    return core::make_error(core::ExitCode::verify_failed, "workflow.result_failed")
        .with("path", wd.manifest().string())
        .with("command", "quark-ptq followup TEXT");
  }
  QPTQ_TRY_ASSIGN(WorkflowStatus s, status_of(wd));
  // The source may have changed during or after the run: what was verified and evaluated is
  // then no longer a quantization of the model checkpoint 1 confirmed.
  if (auto cmd = read_recorded_command(s.manifest.doc)) {
    if (auto same = check_model_unchanged(*cmd); !same) {
      core::Error e = std::move(same).error();
      e.id = "workflow.model_changed_since_run";
      return core::fail(std::move(e));
    }
  }
  QPTQ_TRY_ASSIGN(std::optional<artifacts::Evaluation> ev, artifacts::manifest_evaluation(s.manifest.doc));
  if (ev && !despite_evaluation) {
    const std::string& verdict = ev->verdict;
    if (verdict == "not-run") {
      // A tool problem, not a verdict on the scheme: no advice to replan.
      core::Error e = core::make_error(core::ExitCode::eval_failed, "workflow.evaluation_not_run");
      for (auto& a : evaluation_reason_args(s.manifest.doc)) e.args.push_back(std::move(a));
      return e.with("run", "quark-ptq run").with("accept", "quark-ptq accept --despite-evaluation");
    }
    if (verdict != "pass") {
      core::Error e = core::make_error(core::ExitCode::eval_failed, "workflow.evaluation_not_passed").with("verdict", verdict);
      for (auto& a : evaluation_reason_args(s.manifest.doc)) e.args.push_back(std::move(a));
      // The ways on, as commands to type (the console adds --workdir; the plan keeps --python).
      return e.with("plan", replan_command(s))
          .with("followup", "quark-ptq followup TEXT")
          .with("accept", "quark-ptq accept --despite-evaluation");
    }
  }
  return current;
}

core::Result<std::string> followup_text(std::string_view text) {
  std::string_view t = core::trim(text);
  if (t.empty()) return core::make_error(core::ExitCode::usage, "workflow.followup_empty");
  if (t.size() > kMaxFollowupBytes) {
    return core::make_error(core::ExitCode::usage, "workflow.followup_too_long")
        .with("bytes", std::to_string(t.size()))
        .with("max", std::to_string(kMaxFollowupBytes));
  }
  return std::string(t);
}

}  // namespace

core::Result<void> check_acceptable(const Workdir& wd, bool despite_evaluation) {
  QPTQ_TRY(acceptable_result(wd, despite_evaluation));
  return core::ok();
}

core::Result<void> check_followup(const Workdir& wd, std::string_view text) {
  QPTQ_TRY(followup_text(text));
  QPTQ_TRY(current_result(wd));
  return core::ok();
}

core::Result<Confirmation> accept_result(const Workdir& wd, std::string_view user_words, bool despite_evaluation, std::string_view via) {
  QPTQ_TRY_ASSIGN(CurrentResult current, acceptable_result(wd, despite_evaluation));
  const std::string digest = current.digest;
  // Accepting the same result twice, one after the other or both at once, is one acceptance:
  // checked under the lock that the write takes.
  Confirmation c = make_confirmation(Checkpoint::result, digest, std::string(user_words), "accepted", std::string(via));
  return record_confirmation(wd, c, [&](const std::vector<Confirmation>& all) -> std::optional<Confirmation> {
    auto last = latest_confirmation(all, Checkpoint::result);
    if (last && last->decision == "accepted" && last->digest == digest) return last;
    return std::nullopt;
  });
}

core::Result<Confirmation> request_followup(const Workdir& wd, std::string_view text, std::string_view via) {
  QPTQ_TRY_ASSIGN(std::string t, followup_text(text));
  QPTQ_TRY_ASSIGN(CurrentResult current, current_result(wd));
  Confirmation c = make_confirmation(Checkpoint::result, current.digest, t, "followup", std::string(via));
  c.followup = t;
  QPTQ_TRY(record_confirmation(wd, c));
  return c;
}

}  // namespace workflow
