// "Next: <what> / <command>" after a command, and the same as JSON for agents.
#pragma once

#include "cli/console.h"
#include "workflow/state.h"

namespace cli {

// Prints the next action; when it is checkpoint 3's approval, the command it approves is
// shown first, so a digest is never printed without the command it stands for.
void say_next(const Console& console, const workflow::WorkflowStatus& status);
// {"id", "text" (in the console's language), "command"}.
core::Json next_json(const Console& console, const workflow::WorkflowStatus& status);
// Evaluates the workdir and prints the next action (nothing when it cannot be evaluated).
void say_next(const Console& console, const workflow::Workdir& wd);

}  // namespace cli
