// The four checkpoints and the confirmations that pass them.
//
// A confirmation is bound to a digest of exactly what was confirmed:
//   1 analysis  -> artifact_digest(model_analysis.json)
//   2 plan      -> artifact_digest(quant_plan.json)   (requires_confirmation is left out)
//   3 execution -> the manifest's command.digest       (argv + environment changes)
//   4 result    -> json_digest(manifest["result"])     (the verified outcome)
// Downstream artifacts record the digests they were built from (quant_plan.json:
// "analysis_digest"; run_manifest.yaml: built_from.analysis_digest / built_from.plan_digest),
// which is how staleness is detected without any hidden state.
#pragma once

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "artifacts/checkpoints.h"
#include "core/json_io.h"
#include "core/result.h"
#include "workflow/workdir.h"

namespace workflow {

// The checkpoints and the confirmation record are checkpoints.json's typed document
// (artifacts/checkpoints.h); the workflow decides what they mean.
using artifacts::Checkpoint;
using artifacts::checkpoint_name;
using artifacts::Confirmation;

inline constexpr Checkpoint kAllCheckpoints[] = {Checkpoint::analysis, Checkpoint::plan, Checkpoint::execution, Checkpoint::result};

// The catalog id of why the checkpoint exists ("workflow.reason_<name>"); the English text is
// what a confirmation records as its reason.
std::string checkpoint_reason_id(Checkpoint c);
// What running the command does on this machine, shown at checkpoint 3: it reads local
// weights or downloads them, and keeps the GPU or (a CPU plan) only the CPU busy. The general
// reason above is what a confirmation records.
std::string execution_reason_id(bool model_is_local, bool runs_on_cpu);
// A new confirmation of `c` bound to `digest`, stamped now, with the English reason.
Confirmation make_confirmation(Checkpoint c, std::string digest, std::string user_words, std::string decision, std::string via = {});

// Top-level keys left out of an artifact's digest because confirming changes them.
std::string artifact_digest(const core::Json& artifact);

// checkpoints.json: every confirmation given, newest last. A missing file means none.
core::Result<std::vector<Confirmation>> load_confirmations(const Workdir& wd);
// Whether the entry's decision passes its checkpoint: "confirmed" at 1 and 2, "approved" at 3,
// "accepted" or "followup" at 4. Any other decision ("declined", a typo) never does.
bool passes_checkpoint(const Confirmation& c);
// The latest confirmation of `c`, if any.
std::optional<Confirmation> latest_confirmation(const std::vector<Confirmation>& all, Checkpoint c);
// Where the decisions take their lock (record_confirmation).
inline constexpr const char* kCheckpointsLockName = ".checkpoints.lock";
inline constexpr std::chrono::seconds kCheckpointsLockWait{30};

// Given the confirmations on disk, the entry that already records this decision (nothing is
// written then), or nullopt.
using AlreadyRecorded = std::function<std::optional<Confirmation>(const std::vector<Confirmation>&)>;

// Appends `c` and rewrites checkpoints.json atomically, all under an exclusive lock of the
// workdir's checkpoints (<workdir>/.checkpoints.lock, flock: two decisions at once neither
// lose one another nor both record what `already` finds once). Returns what is recorded: `c`,
// or the entry `already` found. bad_input "workflow.checkpoints_locked" when another process
// holds the lock for kCheckpointsLockWait, "workflow.checkpoints_lock_failed" when it cannot
// be opened (a link or a non-regular file planted there).
core::Result<Confirmation> record_confirmation(const Workdir& wd, const Confirmation& c, const AlreadyRecorded& already = {});

core::Json confirmation_to_json(const Confirmation& c);

}  // namespace workflow
