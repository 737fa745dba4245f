// The batch script a Slurm job runs, generated from the approved command. Slurm runs it with
// a real shell on the compute node; every word of the command and every environment value is
// written with sh_quote, so the job starts exactly the approved argument vector, and `exec`
// makes the job's exit status the command's own.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "cluster/directives.h"
#include "core/result.h"

namespace cluster {

// One change to the job's environment, applied in order: set `name` to `*value`, or unset it.
struct EnvEdit {
  std::string name;                  // [A-Za-z_][A-Za-z0-9_]*
  std::optional<std::string> value;  // nullopt: unset
};

struct BatchJob {
  std::vector<std::string> argv;  // argv[0]: a path, or a name looked up on the job's PATH
  std::vector<EnvEdit> env;
  std::string workdir;  // absolute; empty: where sbatch puts the job
  Directives directives;
};

// The script: "#!/bin/bash", the #SBATCH lines, then cd, the environment changes and exec.
// Fails (as a value) on an empty argv, an argv[0] that is empty or begins with '-', a NUL in
// any word or value, an environment name that is not an identifier, a relative workdir, and
// whatever directive_lines refuses.
core::Result<std::string> batch_script(const BatchJob& job);

}  // namespace cluster
