#include "workflow/confirm.h"

#include "artifacts/analysis_upgrade.h"
#include "artifacts/plan_upgrade.h"
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
  std::vector<artifacts::AppliedCorrection> applied;
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
  QPTQ_TRY_ASSIGN(CorrectedAnalysis corrected, apply_corrections(a.doc, corrections));
  auto issues = core::schema_issues(corrected.doc, core::kSchemaModelAnalysis);
  // Corrections may repair an invalid analysis, but never produce one.
  const char* invalid = corrections.empty() ? "workflow.artifact_invalid" : "workflow.correction_invalid";
  if (!issues.empty()) {
    return core::make_error(core::ExitCode::bad_input, invalid)
        .with("path", a.path.string())
        .with("problem", (issues.front().pointer.empty() ? "/" : issues.front().pointer) + ": " + issues.front().message)
        .with("command", "quark-ptq analyze MODEL");
  }
  core::Json doc = std::move(corrected.doc);
  if (!corrections.empty()) {
    // A corrected analysis is written by its one writer: a document of an earlier release (or
    // made by hand) comes out in this release's layout, and the confirmation binds what is written.
    auto typed = artifacts::read_model_analysis(doc);
    if (!typed) {
      const std::string* problem = typed.error().arg("problem");
      return core::make_error(core::ExitCode::bad_input, invalid)
          .with("path", a.path.string())
          .with("problem", problem != nullptr ? *problem : typed.error().id)
          .with("command", "quark-ptq analyze MODEL");
    }
    if (corrected.exclusions_corrected) typed->quantization_targets.exclude_defaults_source = std::string(kCorrectedExclusionsSource);
    doc = typed->to_json();
  }
  std::string digest = artifact_digest(doc);
  return AnalysisCandidate{std::move(s), std::move(doc), std::move(corrected.applied), std::move(digest), !corrections.empty()};
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
  return AnalysisPreview{std::move(cand.doc), std::move(cand.applied)};
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
  c.corrections = cand.applied;
  QPTQ_TRY(record_confirmation(wd, c));
  return ConfirmOutcome{c, false, doc};
}

core::Result<ConfirmOutcome> confirm_plan(const Workdir& wd, const ConfirmRequest& req, std::string_view via) {
  QPTQ_TRY_ASSIGN(WorkflowStatus s, plan_candidate(wd, req));
  const ArtifactStatus& p = s.plan;

  // The plan is written by its one writer with requires_confirmation false. The digest leaves
  // that flag out, so a plan of this release keeps its digest; one of an earlier release (or made
  // by hand) is carried to this release's layout when it is first confirmed, and the
  // confirmation binds what is written.
  QPTQ_TRY_ASSIGN(artifacts::QuantPlan typed, artifacts::read_quant_plan(p.doc));
  typed.requires_confirmation = false;
  core::Json written = typed.to_json();
  const std::string digest = artifact_digest(written);
  ConfirmOutcome out;
  const CheckpointStatus& cp = s.at(Checkpoint::plan);
  if (cp.state == CheckpointState::confirmed) {
    // Confirmed as it stands: rewritten only where that keeps what was confirmed.
    out.confirmation = *cp.confirmation;
    out.already = true;
    out.doc = digest == p.digest ? std::move(written) : p.doc;
    if (out.doc != p.doc) QPTQ_TRY(write_artifact(wd, Artifact::plan, out.doc));
    return out;
  }
  if (auto issues = core::schema_issues(written, core::kSchemaQuantPlan); !issues.empty()) {
    return core::make_error(core::ExitCode::bad_input, "workflow.plan_not_carried")
        .with("path", p.path.string())
        .with("problem", (issues.front().pointer.empty() ? "/" : issues.front().pointer) + ": " + issues.front().message)
        .with("command", "quark-ptq plan");
  }
  out.doc = std::move(written);
  if (out.doc != p.doc) QPTQ_TRY(write_artifact(wd, Artifact::plan, out.doc));
  out.confirmation = make_confirmation(Checkpoint::plan, digest, req.user_words, "confirmed", std::string(via));
  QPTQ_TRY(record_confirmation(wd, out.confirmation));
  return out;
}

}  // namespace workflow
