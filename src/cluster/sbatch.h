// Submitting a batch script: the sbatch argument vector, and the job id in sbatch's
// --parsable answer.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "cluster/directives.h"
#include "core/result.h"

namespace cluster {

// {sbatch, "--parsable", the typed directives as options..., script_path}. The options repeat
// the script's #SBATCH lines: on the command line they win over any line of the script, so the
// submission is what this argv says even if the script file is edited. The script path must
// be absolute (a relative one would depend on where sbatch runs, and "-x" would be an option).
core::Result<std::vector<std::string>> sbatch_argv(const Directives& d, const std::string& script_path,
                                                   const std::string& sbatch = "sbatch");

struct SubmittedJob {
  std::string job_id;   // digits
  std::string cluster;  // empty unless a multi-cluster site names it ("123;cluster")
};

// sbatch --parsable prints "ID" or "ID;CLUSTER" on one line. Anything else is an error that
// carries the text (sbatch's own errors go to stderr and its exit status says them).
core::Result<SubmittedJob> parse_sbatch_parsable(std::string_view out);

}  // namespace cluster
