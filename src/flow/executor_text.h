// Checkpoint 3's view of where the command runs: for a Slurm job, its resources (and which came
// from the estimate, with the margin), the batch script as it will be written and the exact
// sbatch line - the lines the CLI's prepare summary, run's question, start and the MCP run
// question all show. Empty for a local run.
#pragma once

#include <string>
#include <vector>

#include "core/json_io.h"
#include "core/messages.h"

namespace flow {

std::vector<std::string> executor_lines(core::Lang lang, const core::Json& executor);

}  // namespace flow
