// The one reader and the one writer of the three artifacts a workdir holds:
// model_analysis.json (step 1), quant_plan.json (step 2) and run_manifest.yaml (step 3, with
// step 4's record), or for a comparison comparison_manifest.yaml (step 3). The steps build the documents; reading and writing the files
// happens here and nowhere else, so every write is checked against the artifact's schema and replaces the file atomically, and every read
// judges the file the same way (missing, unreadable, failing its schema). JSON (YAML for the manifest) stays the disk format the schemas
// check.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "core/json_io.h"
#include "core/result.h"
#include "workflow/workdir.h"

namespace workflow {

enum class Artifact { analysis, plan, manifest, comparison };
enum class ArtifactState { missing, invalid, stale, valid };

std::string_view artifact_state_name(ArtifactState s);

struct ArtifactStatus {
  std::string name;  // "model_analysis.json", ...
  std::filesystem::path path;
  ArtifactState state = ArtifactState::missing;
  std::string problem;  // why invalid / stale (English, technical)
  std::string digest;   // artifact_digest() when readable
  core::Json doc;       // the parsed artifact when readable
};

std::filesystem::path artifact_path(const Workdir& wd, Artifact a);

// The file as it is: missing, invalid (unreadable or failing its schema) or valid; never an
// error. Staleness and the manifest's command digest are judged by status_of() (state.h).
ArtifactStatus read_artifact(const Workdir& wd, Artifact a);

// The document of a valid artifact; bad_input naming the file and `command` (what makes a new
// one) when it is missing or invalid.
core::Result<core::Json> read_valid_artifact(const Workdir& wd, Artifact a, const std::string& command);

// Validates `doc` against the artifact's schema, then replaces the file atomically (creating
// the workdir when needed). A document that fails its schema leaves the file untouched.
// Returns the path written.
core::Result<std::filesystem::path> write_artifact(const Workdir& wd, Artifact a, const core::Json& doc);

}  // namespace workflow
