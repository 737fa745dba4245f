// What `run` checks just before it starts the approved command, after the approval and
// after taking the run locks: the world outside the workdir may have changed since prepare.
#pragma once

#include "core/result.h"
#include "workflow/command_digest.h"

namespace workflow {

// The local model's files are still the ones the digest binds (inputs.model_identity,
// core/model_identity.h). ExitCode::stale "workflow.model_changed" naming the first
// difference; ok for a Hub model (its commit is bound by the digest).
core::Result<void> check_model_unchanged(const RecordedCommand& cmd);

// The output directory did not fill up since prepare found it absent or empty:
// refused unless the approved command was prepared with --overwrite.
// ExitCode::bad_input "workflow.output_not_empty".
core::Result<void> check_output_dir_still_free(const RecordedCommand& cmd);

}  // namespace workflow
