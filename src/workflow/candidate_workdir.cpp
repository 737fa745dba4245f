#include "workflow/candidate_workdir.h"

#include <filesystem>
#include <system_error>

#include "core/fs.h"
#include "workflow/artifact_files.h"
#include "artifacts/comparison_manifest.h"
#include "artifacts/prepared_manifest.h"
#include "workflow/state.h"

namespace workflow {

namespace {

namespace fs = std::filesystem;

// Ok when `dir` is a directory that is not a link, or is missing and may be made.
core::Result<void> own_directory(const fs::path& dir, bool create) {
  std::error_code ec;
  fs::file_status st = fs::symlink_status(dir, ec);
  if (fs::is_directory(st)) return {};
  if (st.type() != fs::file_type::not_found) {
    return core::make_error(core::ExitCode::bad_input, "comparison.candidate_dir_invalid").with("path", dir.string());
  }
  if (!create) return core::make_error(core::ExitCode::bad_input, "comparison.candidate_missing").with("path", dir.string());
  return core::create_directories(dir);
}

core::Result<void> carry(const Workdir& wd, Checkpoint c, const std::string& digest, const Confirmation& given) {
  Confirmation conf = make_confirmation(c, digest, given.user_words, "confirmed", "comparison");
  conf.corrections = given.corrections;
  QPTQ_TRY(record_confirmation(wd, conf, [&](const std::vector<Confirmation>& all) -> std::optional<Confirmation> {
    auto latest = latest_confirmation(all, c);
    if (latest && latest->digest == digest && passes_checkpoint(*latest)) return latest;
    return std::nullopt;
  }));
  return {};
}

}  // namespace

core::Result<Workdir> candidate_workdir(const Workdir& comparison, const std::string& name, bool create) {
  Workdir wd = comparison.candidate(artifacts::is_candidate_name(name) ? name : "_");
  if (!artifacts::is_candidate_name(name)) {
    return core::make_error(core::ExitCode::bad_input, "comparison.candidate_dir_invalid")
        .with("path", (comparison.root / "candidates" / name).string());
  }
  QPTQ_TRY(own_directory(comparison.root / "candidates", create));
  QPTQ_TRY(own_directory(wd.root, create));
  return wd;
}

core::Result<void> seed_candidate(const Workdir& candidate, const core::Json& analysis, const core::Json& plan,
                                  const Confirmation& analysis_confirmation, const Confirmation& plan_confirmation) {
  QPTQ_TRY(write_artifact(candidate, Artifact::analysis, analysis));
  QPTQ_TRY(write_artifact(candidate, Artifact::plan, plan));
  QPTQ_TRY(carry(candidate, Checkpoint::analysis, artifact_digest(analysis), analysis_confirmation));
  QPTQ_TRY(carry(candidate, Checkpoint::plan, artifact_digest(plan), plan_confirmation));
  return {};
}

core::Result<Workdir> decision_workdir(const Workdir& wd, const std::string& candidate) {
  QPTQ_TRY_ASSIGN(WorkflowStatus st, status_of(wd));
  if (!st.comparison) {
    if (!candidate.empty()) return core::make_error(core::ExitCode::usage, "comparison.candidate_not_comparison");
    return wd;
  }
  std::string names;
  bool known = false;
  for (const auto& c : st.candidates) {
    names += (names.empty() ? "" : ", ") + c.name;
    known = known || c.name == candidate;
  }
  if (candidate.empty())
    return core::make_error(core::ExitCode::usage, "comparison.candidate_needs_name").with("names", names.empty() ? "-" : names);
  if (!known)
    return core::make_error(core::ExitCode::usage, "comparison.candidate_unknown")
        .with("name", candidate)
        .with("names", names.empty() ? "-" : names);
  return candidate_workdir(wd, candidate, /*create=*/false);
}

core::Result<std::vector<std::filesystem::path>> remove_other_outputs(const Workdir& comparison, const std::string& kept) {
  QPTQ_TRY_ASSIGN(WorkflowStatus st, status_of(comparison));
  std::vector<std::filesystem::path> removed;
  if (!st.comparison || st.comparison_manifest.state != ArtifactState::valid) return removed;
  QPTQ_TRY_ASSIGN(artifacts::ComparisonManifest record, artifacts::ComparisonManifest::from_json(st.comparison_manifest.doc));
  for (const auto& e : record.candidates) {
    if (e.name == kept) continue;
    const fs::path dir = fs::path(record.output_dir) / e.name;
    auto sub = read_artifact(comparison.candidate(e.name), Artifact::manifest);
    if (artifacts::prepared_sections_as_read(sub.doc).output_dir() != dir.string()) {
      continue;  // not the output this comparison made for it
    }
    std::error_code ec;
    if (!fs::is_directory(fs::symlink_status(dir, ec))) continue;
    fs::remove_all(dir, ec);
    if (ec) {
      return core::make_error(core::ExitCode::bad_input, "comparison.remove_failed").with("path", dir.string()).with("error", ec.message());
    }
    removed.push_back(dir);
  }
  return removed;
}

}  // namespace workflow
