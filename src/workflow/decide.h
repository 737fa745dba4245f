// Checkpoints 3 and 4: approving the exact command, then accepting the verified result or
// asking for a bounded follow-up. `run` (terminal answer or --approve DIGEST) and `start`
// record approvals through approve_execution(); accept / followup through the other two.
#pragma once

#include <cstddef>
#include <string_view>

#include "core/result.h"
#include "workflow/checkpoint.h"
#include "workflow/state.h"
#include "workflow/workdir.h"

namespace workflow {

// A follow-up request is kept verbatim up to this many bytes.
inline constexpr std::size_t kMaxFollowupBytes = 2000;

// Checkpoint 3. `digest` must be the manifest's command digest, recomputed from argv and
// env_changes (a hand-edited manifest cannot be approved). Errors: not_confirmed / stale
// (checkpoint 2), bad_input (manifest missing or invalid), stale (manifest built from other
// artifacts), not_approved (digest is not the current command's). Approving the same digest
// again returns the earlier approval without recording a new one.
// `via` is recorded as Confirmation::via ("" = the terminal or the command line).
core::Result<Confirmation> approve_execution(const Workdir& wd, std::string_view digest, std::string_view user_words,
                                             std::string_view via = {});
// The same, judged on a status already evaluated: `run` reads run_manifest.yaml once, and the
// approval it records is checked against the very document whose argv it then runs (a
// manifest swapped between two reads can never run under the other's approval).
core::Result<Confirmation> approve_execution(const Workdir& wd, const WorkflowStatus& snapshot, std::string_view digest,
                                             std::string_view user_words, std::string_view via = {});

// Checkpoint 4. Both need checkpoint 3 confirmed and a `result` in the manifest
// (not_confirmed otherwise). accept refuses a failed result (verify_failed) and, unless
// `despite_evaluation`, a result whose step 4 evaluation (the manifest's `evaluation`) is not
// a pass (eval_failed): accepting a model shown to have degraded, or not shown to work, is the
// person's explicit choice. followup refuses empty or over-long text (usage).
core::Result<Confirmation> accept_result(const Workdir& wd, std::string_view user_words, bool despite_evaluation = false,
                                         std::string_view via = {});
core::Result<Confirmation> request_followup(const Workdir& wd, std::string_view text, std::string_view via = {});

// Every check of accept_result / request_followup, nothing recorded: a front end that asks
// the person by other means (the MCP server) asks only what can be recorded.
core::Result<void> check_acceptable(const Workdir& wd, bool despite_evaluation = false);
core::Result<void> check_followup(const Workdir& wd, std::string_view text);

}  // namespace workflow
