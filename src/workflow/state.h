// Where the workflow stands, derived from the workdir alone: each artifact missing, invalid
// (unreadable or failing its schema), stale (built from an upstream that changed since) or
// valid; each checkpoint pending, confirmed or stale. Every step calls require_confirmed()
// for the checkpoint before it, so no step can run out of order.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "artifacts/comparison_manifest.h"
#include "core/json_io.h"
#include "core/messages.h"
#include "core/result.h"
#include "workflow/artifact_files.h"
#include "workflow/checkpoint.h"
#include "workflow/next_action.h"
#include "workflow/run_liveness.h"

namespace workflow {

enum class CheckpointState { pending, confirmed, stale };

// The recorded verification (the manifest's result.status; failed too when result.passed is
// false), none without a result.
enum class Verification { none, success, partial, failed };

std::string_view checkpoint_state_name(CheckpointState s);
// "success", "partial", "failed" as the manifest records them; "none" for none (which the
// status document writes as null).
std::string_view verification_name(Verification v);

struct CheckpointStatus {
  Checkpoint checkpoint = Checkpoint::analysis;
  CheckpointState state = CheckpointState::pending;
  std::string expected_digest;  // what a confirmation now has to be bound to ("" if nothing to confirm yet)
  std::optional<Confirmation> confirmation;
};

// One candidate of a comparison as its own workdir records it (candidates/NAME).
struct CandidateStatus {
  std::string name;
  RunPhase phase = RunPhase::none;
  Verification verification = Verification::none;
  std::string evaluation;   // as WorkflowStatus::evaluation
  bool accepted = false;    // its checkpoint 4 is confirmed
  CheckpointStatus result;  // its checkpoint 4 (the comparison's checkpoint 4 is the accepted one's)
  // Its run has an end the comparison does not redo: verified with the evaluation over, or
  // failed for a reason the plan must fix (it would fail the same way again).
  bool finished = false;
  std::string problem;  // why the candidate's workdir cannot be read as the comparison recorded it
};

struct WorkflowStatus {
  std::filesystem::path workdir;  // the workdir evaluated (absolute)
  ArtifactStatus analysis;
  ArtifactStatus plan;
  ArtifactStatus manifest;
  // A comparison (the plan has `comparison`): comparison_manifest.yaml in place of the
  // manifest (checkpoint 3 binds its digest) and each candidate's workdir as it stands.
  bool comparison = false;
  ArtifactStatus comparison_manifest;
  std::optional<artifacts::ComparisonManifest> comparison_record;  // comparison_manifest.yaml, when it reads as one
  std::vector<CandidateStatus> candidates;
  std::array<CheckpointStatus, 4> checkpoints;
  // Step 4 as recorded in the manifest, with a `running` run checked against /proc.
  RunState run;
  // Step 4's verdicts as recorded: the verification and the evaluation (evaluation.verdict:
  // "pass", "fail", "indeterminate" or "not-run"; "" without an evaluation section).
  Verification verification = Verification::none;
  std::string evaluation;
  // The earliest checkpoint that is stale, if any: where the user has to go back to.
  std::optional<Checkpoint> return_to;
  // The next thing to do (its catalog id: next_action_id()), its arguments and the command to type
  // ("" when there is nothing to type). An argument that is a command to type starts with
  // "quark-ptq ", like next_command.
  NextAction next_action = NextAction::analyze;
  std::vector<core::MessageArg> next_action_args;
  std::string next_command;

  const CheckpointStatus& at(Checkpoint c) const { return checkpoints[static_cast<int>(c) - 1]; }
  // The names of the artifacts that are valid, upstream first (what survives a return_to).
  std::vector<std::string> valid_artifacts() const;
  // The run as reported: run_phase_name(run.phase), except "not_verified" when quark-cli
  // finished but its output failed verification or passed it only in part.
  std::string_view run_state() const;
  core::Json to_json() const;
};

core::Result<WorkflowStatus> status_of(const Workdir& wd);

// status_of() in its two halves: the three artifacts of `wd` read as it reads them (parsed,
// digested, checked against their schemas, the manifest's command block against its digest),
// then everything derived from them and the confirmations (staleness, the run, the
// checkpoints, the next action). status_of(wd) is the second on the first and on
// load_confirmations(wd); the checkpoints fuzz target reads its fixed artifacts once.
struct WorkdirArtifacts {
  ArtifactStatus analysis;
  ArtifactStatus plan;
  ArtifactStatus manifest;
  ArtifactStatus comparison_manifest;
};
WorkdirArtifacts read_artifacts(const Workdir& wd);
WorkflowStatus status_of(const Workdir& wd, const std::vector<Confirmation>& confirmations, WorkdirArtifacts artifacts);

// The recorded evaluation's reason as message arguments: {reason}, its English text, and when
// the manifest records its id (evaluation.reason_id, reason_args) also {reason_id} and one
// {reason.NAME} per argument, so that a reader shows {reason} in the user's language
// (flow::localized_args).
std::vector<core::MessageArg> evaluation_reason_args(const core::Json& manifest);

// The plan command offered after an evaluation that did not pass: the less aggressive plan
// status chose (NextAction::evaluation_not_pass), else a plain "quark-ptq plan".
std::string replan_command(const WorkflowStatus& s);

// The command that confirms checkpoint `c` (for messages), e.g. "quark-ptq confirm plan".
std::string confirm_command(Checkpoint c);

// The manifest's command digest recomputed from command.argv and command.env_changes
// (docs/artifacts.md); "" when the manifest has no command. A manifest whose recorded
// command.digest differs from this was edited by hand and is invalid.
std::string recompute_command_digest(const core::Json& manifest);

// Ok with the confirmation when `c` is confirmed and current (for checkpoint 4 the latest
// decision may be "accepted" or "followup"). Otherwise
// ExitCode::not_confirmed ("workflow.not_confirmed") or ExitCode::stale ("workflow.stale"),
// naming the checkpoint and the command that fixes it; when that command is `run --approve
// DIGEST`, the "..._approves" variant, whose {approves} is the command the digest approves.
core::Result<Confirmation> require_confirmed(const Workdir& wd, Checkpoint c);
// The same, on a status already evaluated (no second read of the workdir).
core::Result<Confirmation> require_confirmed(const WorkflowStatus& s, Checkpoint c);

// When `command` tells the user to type `run --approve DIGEST`: the command that digest
// approves, derived from the manifest's argv (core::display_command), to be shown beside it
// (docs/workflow.md); nullopt for any other command or an unreadable manifest.
std::optional<std::string> approved_command_display(const std::string& command, const core::Json& manifest);

}  // namespace workflow
