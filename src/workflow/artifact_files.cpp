#include "workflow/artifact_files.h"

#include "core/atomic_file.h"
#include "core/fs.h"
#include "core/schema.h"
#include "core/yaml_io.h"
#include "workflow/checkpoint.h"

namespace workflow {

namespace {

struct ArtifactFormat {
  std::string_view schema;
  bool yaml;
};

ArtifactFormat format_of(Artifact a) {
  switch (a) {
    case Artifact::analysis:
      return {core::kSchemaModelAnalysis, false};
    case Artifact::plan:
      return {core::kSchemaQuantPlan, false};
    case Artifact::manifest:
      return {core::kSchemaRunManifest, true};
    case Artifact::comparison:
      return {core::kSchemaComparisonManifest, true};
  }
  return {core::kSchemaModelAnalysis, false};
}

std::string first_issue(const std::vector<core::SchemaIssue>& issues) {
  return (issues.front().pointer.empty() ? "/" : issues.front().pointer) + ": " + issues.front().message;
}

}  // namespace

std::string_view artifact_state_name(ArtifactState s) {
  switch (s) {
    case ArtifactState::missing:
      return "missing";
    case ArtifactState::invalid:
      return "invalid";
    case ArtifactState::stale:
      return "stale";
    case ArtifactState::valid:
      return "valid";
  }
  return "missing";
}

std::filesystem::path artifact_path(const Workdir& wd, Artifact a) {
  switch (a) {
    case Artifact::analysis:
      return wd.analysis();
    case Artifact::plan:
      return wd.plan();
    case Artifact::manifest:
      return wd.manifest();
    case Artifact::comparison:
      return wd.comparison_manifest();
  }
  return wd.analysis();
}

ArtifactStatus read_artifact(const Workdir& wd, Artifact a) {
  const ArtifactFormat f = format_of(a);
  ArtifactStatus st;
  st.path = artifact_path(wd, a);
  st.name = st.path.filename().string();
  if (!core::exists(st.path)) return st;
  auto doc = f.yaml ? core::read_yaml_file(st.path) : core::read_json_file(st.path);
  if (!doc) {
    st.state = ArtifactState::invalid;
    st.problem = doc.error().detail.empty() ? doc.error().id : doc.error().detail;
    return st;
  }
  st.doc = std::move(doc).value();
  st.digest = artifact_digest(st.doc);
  auto issues = core::schema_issues(st.doc, f.schema);
  if (!issues.empty()) {
    st.state = ArtifactState::invalid;
    st.problem = first_issue(issues);
    return st;
  }
  st.state = ArtifactState::valid;
  return st;
}

core::Result<core::Json> read_valid_artifact(const Workdir& wd, Artifact a, const std::string& command) {
  ArtifactStatus st = read_artifact(wd, a);
  if (st.state == ArtifactState::missing) {
    return core::make_error(core::ExitCode::bad_input, "workflow.artifact_missing").with("path", st.path.string()).with("command", command);
  }
  if (st.state != ArtifactState::valid) {
    return core::make_error(core::ExitCode::bad_input, "workflow.artifact_invalid")
        .with("path", st.path.string())
        .with("problem", st.problem)
        .with("command", command);
  }
  return std::move(st.doc);
}

core::Result<std::filesystem::path> write_artifact(const Workdir& wd, Artifact a, const core::Json& doc) {
  const ArtifactFormat f = format_of(a);
  std::filesystem::path path = artifact_path(wd, a);
  QPTQ_TRY(core::validate_against(doc, f.schema, path.string()));
  QPTQ_TRY(core::create_directories(wd.root));
  QPTQ_TRY(core::write_file_atomic(path, f.yaml ? core::dump_yaml(doc) : core::dump_pretty(doc)));
  return path;
}

}  // namespace workflow
