// Checkpoint 3, the execution gate, as `run` asks it: `--approve DIGEST` must name the
// manifest's command digest; otherwise, on a terminal only, the full command is shown and the
// user must answer with one of the approval words (workflow::is_execution_approval). Anything
// else, or no terminal, is a refusal, never a yes. The approval is recorded through
// workflow::approve_execution, bound to the digest.
#pragma once

#include <string>
#include <string_view>

#include "cli/console.h"
#include "core/result.h"
#include "workflow/checkpoint.h"
#include "workflow/command_digest.h"
#include "workflow/state.h"
#include "workflow/workdir.h"

namespace cli {

// "sha256:" is added when the user gave the bare hex.
std::string normalize_digest(std::string_view given);

// ExitCode::not_approved on a wrong digest, a refusal or no terminal.
// `snapshot` is the evaluated workdir whose manifest `cmd` was read from: the approval is
// judged on that same read, never on a second one (issue 18 item 2).
core::Result<workflow::Confirmation> obtain_approval(const Console& console, const workflow::Workdir& wd,
                                                     const workflow::WorkflowStatus& snapshot,
                                                     const workflow::RecordedCommand& cmd, const std::string& output_dir,
                                                     const std::string& approve_digest, const std::string& user_words);

}  // namespace cli
