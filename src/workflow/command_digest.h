// The digest that checkpoint 3 (execution) approves. It covers everything the approval lets
// happen, so that nobody with write access to the workdir can change any of it afterwards:
// sha256 of the canonical JSON (docs/artifacts.md)
//   {"argv": [...], "env_changes": [{"name", "value"}...],   what runs, in which environment
//    "output_dir": "...", "overwrite": bool,                  where it writes (outputs.*)
//    "environment_verdict": {...},                           the gate it passed
//    "model": {...} | null,                                  which model (inputs.model_identity)
//    "built_from": {...},                                     the analysis and plan it came from
//    "evaluator": {...},                                      step 4's evaluation (evaluator), only when
//                                                             the manifest has one, so that manifests
//                                                             without it keep their digests
//    "scope": 2, "estimate": {...},                          from scope 2 (command.scope), the estimate's
//                                                             predictions checkpoint 3 shows (EstimateRecord::bound_predictions),
//    "executor": {...}}                                      from scope 3, where it runs: {kind: local}, or
//                                                             a Slurm job's resources, batch script and
//                                                             sbatch argv (manifest/slurm_executor.h)
// The scope is versioned so that a manifest written before a part was bound keeps its digest,
// and a manifest cannot be moved to an older scope: the scope number is hashed with the rest.
// `prepare` writes it into run_manifest.yaml as command.digest; `evaluate` and `run` recompute
// it from those fields, so a hand-edited manifest can never run under an old approval. What a
// person is shown (command.display) is never read back: it is derived from argv and
// env_changes, and a manifest whose recorded display disagrees is invalid.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "artifacts/prepared_manifest.h"
#include "core/json_io.h"
#include "core/result.h"

namespace workflow {

struct EnvChangeEntry {
  std::string name;
  std::string value;
};

// Checkpoint 3's scope, as read from (or about to be written to) a manifest.
struct RecordedCommand {
  std::vector<std::string> argv;
  std::vector<EnvChangeEntry> env_changes;
  std::string output_dir;                                            // outputs.output_dir
  bool overwrite = false;                                            // outputs.overwrite (prepare --overwrite)
  std::optional<artifacts::EnvironmentVerdict> environment_verdict;  // environment.verdict
  std::optional<artifacts::ModelIdentity> model;                     // inputs.model_identity
  std::optional<artifacts::BuiltFrom> built_from;                    // built_from
  core::Json evaluator = core::Json(nullptr);                        // evaluator (manifest/evaluator_block.h)
  int scope = 1;                                                     // command.scope (absent: 1)
  std::optional<artifacts::EstimateRecord> estimate;                 // estimate, bound from scope 2
  core::Json executor = core::Json(nullptr);                         // executor, bound from scope 3
  std::string display;                                               // derived from argv + env_changes (core::display_command)
  std::string recorded_display;                                      // command.display as written ("" when absent)
  std::string digest;                                                // command.digest as written

  // environment.verdict.ready is true.
  bool environment_ready() const;
};

// "sha256:<hex>" of the scope above.
std::string command_digest(const RecordedCommand& cmd);

// The scope this build writes (prepare) and the newest it reads.
inline constexpr int kCommandScope = 3;

// The estimate's predictions, bound from scope 2: what the run will take (minutes and its
// stages, GPU and host memory, disk, the parameters counted, CPU or not). Not the machine's
// readings beside them (free memory and disk, whether it fits today): they change between two
// prepares of the same plan, and the environment verdict already binds what they decide.
inline constexpr const char* kBoundEstimateKeys[] = {"minutes",  "time",        "gpu_memory_gib", "host_memory_gib",
                                                     "disk_gib", "runs_on_cpu", "parameters"};
// (artifacts::EstimateRecord::bound_predictions)

// The scope of a manifest, its sections read as typed records (artifacts::PreparedSections), without throwing; display derived.
// ExitCode::bad_input "workflow.command_invalid" when argv is missing or not a list of strings, an env change is malformed, or
// command.scope is not a scope this build knows.
core::Result<RecordedCommand> read_recorded_command(const core::Json& manifest);

// Why the manifest's command block cannot be trusted as written, "" when it can: the digest
// does not match the scope, the display is not the one argv gives, or argv's --output_dir
// is not outputs.output_dir. The text is English and technical (validate, status).
std::string command_inconsistency(const core::Json& manifest);

}  // namespace workflow
