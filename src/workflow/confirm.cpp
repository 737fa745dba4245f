#include "workflow/confirm.h"

#include "core/schema.h"
#include "workflow/artifact_files.h"
#include "workflow/corrections.h"
#include "workflow/state.h"

namespace workflow {

namespace {

core::Error artifact_missing(const std::filesystem::path& path, std::string command) {
  return core::make_error(core::ExitCode::bad_input, "workflow.artifact_missing")
      .with("path", path.string())
      .with("command", std::move(command));
}

core::Error artifact_invalid(const ArtifactStatus& a, std::string command) {
  return core::make_error(core::ExitCode::bad_input, "workflow.artifact_invalid")
      .with("path", a.path.string())
      .with("problem", a.problem)
      .with("command", std::move(command));
}

core::Result<void> check_expected(const std::string& expected, const std::string& actual, const std::filesystem::path& path) {
  if (expected.empty() || expected == actual) return core::ok();
  return core::make_error(core::ExitCode::stale, "workflow.digest_changed")
      .with("path", path.string())
      .with("digest", expected)
      .with("command", "quark-ptq status");
}

// The analysis as it would be confirmed: every check of confirm_analysis, nothing written.
struct AnalysisCandidate {
  WorkflowStatus status;
  core::Json doc;
  core::Json record;
  std::string digest;
  bool corrected = false;
};

core::Result<AnalysisCandidate> analysis_candidate(const Workdir& wd, const ConfirmRequest& req) {
  QPTQ_TRY_ASSIGN(WorkflowStatus s, status_of(wd));
  const ArtifactStatus& a = s.analysis;
  if (a.state == ArtifactState::missing) return artifact_missing(a.path, "quark-ptq analyze MODEL");
  if (a.doc.is_null()) return artifact_invalid(a, "quark-ptq analyze MODEL");
  QPTQ_TRY(check_expected(req.expect_digest, a.digest, a.path));

  std::vector<Correction> corrections;
  for (const auto& text : req.sets) {
    QPTQ_TRY_ASSIGN(Correction c, parse_correction(text));
    corrections.push_back(std::move(c));
  }
  core::Json record = core::Json::object();
  QPTQ_TRY_ASSIGN(core::Json doc, apply_corrections(a.doc, corrections, record));
  auto issues = core::schema_issues(doc, core::kSchemaModelAnalysis);
  if (!issues.empty()) {
    // Corrections may repair an invalid analysis, but never produce one.
    const char* id = corrections.empty() ? "workflow.artifact_invalid" : "workflow.correction_invalid";
    return core::make_error(core::ExitCode::bad_input, id)
        .with("path", a.path.string())
        .with("problem", (issues.front().pointer.empty() ? "/" : issues.front().pointer) + ": " + issues.front().message)
        .with("command", "quark-ptq analyze MODEL");
  }
  std::string digest = artifact_digest(doc);
  return AnalysisCandidate{std::move(s), std::move(doc), std::move(record), std::move(digest), !corrections.empty()};
}

// The plan as it would be confirmed: every check of confirm_plan, nothing written.
core::Result<WorkflowStatus> plan_candidate(const Workdir& wd, const ConfirmRequest& req) {
  QPTQ_TRY(require_confirmed(wd, Checkpoint::analysis));
  QPTQ_TRY_ASSIGN(WorkflowStatus s, status_of(wd));
  const ArtifactStatus& p = s.plan;
  if (p.state == ArtifactState::missing) return artifact_missing(p.path, "quark-ptq plan");
  if (p.state == ArtifactState::invalid) return artifact_invalid(p, "quark-ptq plan");
  if (p.state == ArtifactState::stale) {
    return core::make_error(core::ExitCode::stale, "workflow.plan_stale").with("path", p.path.string()).with("command", "quark-ptq plan");
  }
  QPTQ_TRY(check_expected(req.expect_digest, p.digest, p.path));
  return s;
}

}  // namespace

core::Result<void> check_analysis_confirmable(const Workdir& wd, const ConfirmRequest& req) {
  QPTQ_TRY(analysis_candidate(wd, req));
  return core::ok();
}

core::Result<AnalysisPreview> preview_analysis(const Workdir& wd, const ConfirmRequest& req) {
  QPTQ_TRY_ASSIGN(AnalysisCandidate cand, analysis_candidate(wd, req));
  return AnalysisPreview{std::move(cand.doc), std::move(cand.record)};
}

core::Result<void> check_plan_confirmable(const Workdir& wd, const ConfirmRequest& req) {
  QPTQ_TRY(plan_candidate(wd, req));
  return core::ok();
}

core::Result<ConfirmOutcome> confirm_analysis(const Workdir& wd, const ConfirmRequest& req, std::string_view via) {
  QPTQ_TRY_ASSIGN(AnalysisCandidate cand, analysis_candidate(wd, req));
  const ArtifactStatus& a = cand.status.analysis;
  const std::string& digest = cand.digest;
  const core::Json& doc = cand.doc;
  const CheckpointStatus& cp = cand.status.at(Checkpoint::analysis);
  if (!cand.corrected && cp.state == CheckpointState::confirmed && cp.confirmation->digest == digest) {
    return ConfirmOutcome{*cp.confirmation, true, doc};
  }
  if (doc != a.doc) QPTQ_TRY(write_artifact(wd, Artifact::analysis, doc));
  Confirmation c = make_confirmation(Checkpoint::analysis, digest, req.user_words, "confirmed", std::string(via));
  c.corrections = cand.record;
  QPTQ_TRY(record_confirmation(wd, c));
  return ConfirmOutcome{c, false, doc};
}

core::Result<ConfirmOutcome> confirm_plan(const Workdir& wd, const ConfirmRequest& req, std::string_view via) {
  QPTQ_TRY_ASSIGN(WorkflowStatus s, plan_candidate(wd, req));
  const ArtifactStatus& p = s.plan;

  ConfirmOutcome out;
  const CheckpointStatus& cp = s.at(Checkpoint::plan);
  if (cp.state == CheckpointState::confirmed) {
    out.confirmation = *cp.confirmation;
    out.already = true;
  } else {
    out.confirmation = make_confirmation(Checkpoint::plan, p.digest, req.user_words, "confirmed", std::string(via));
    QPTQ_TRY(record_confirmation(wd, out.confirmation));
  }
  // The digest leaves requires_confirmation out, so flipping it keeps the confirmation current.
  out.doc = p.doc;
  if (core::json_bool(out.doc, "requires_confirmation") != false) {
    out.doc["requires_confirmation"] = false;
    QPTQ_TRY(write_artifact(wd, Artifact::plan, out.doc));
  }
  return out;
}

}  // namespace workflow
