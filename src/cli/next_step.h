// "Next: <what> / <command>" after a command, and the same as JSON for agents.
#pragma once

#include "cli/console.h"
#include "workflow/state.h"

namespace cli {

// A `quark-ptq ...` command as the user types it for `workdir`: with `--workdir DIR` after
// `quark-ptq` when the workdir is not the current directory (the workflow's own commands
// leave it out).
std::string user_command(const std::filesystem::path& workdir, const std::string& command);
// The next action's command, through user_command().
std::string hint_command(const workflow::WorkflowStatus& status);
// An evaluation verdict as recorded ("pass", "fail", "indeterminate", "not-run") in the
// console's language.
std::string evaluation_verdict_text(const Console& console, std::string verdict);
// Prints the next action; when it is checkpoint 3's approval, the command it approves is
// shown first, so a digest is never printed without the command it stands for.
void say_next(const Console& console, const workflow::WorkflowStatus& status);
// {"id", "text" (in the console's language), "command"}.
core::Json next_json(const Console& console, const workflow::WorkflowStatus& status);
// Evaluates the workdir and prints the next action (nothing when it cannot be evaluated).
void say_next(const Console& console, const workflow::Workdir& wd);

}  // namespace cli
