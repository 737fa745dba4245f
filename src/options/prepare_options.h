// The options of step 3 as the person gave them - on `quark-ptq prepare`, or as the MCP
// prepare tool's arguments. Each is declared once, with its flag, key, kind and help, in
// prepare_table.h; the CLI binding and the MCP tool's schema go through that table.
#pragma once

#include <optional>
#include <string>

namespace options {

struct PrepareOptions {
  std::string output_dir;   // as given; checked (never created) by prepare
  std::string python;       // "" = $VIRTUAL_ENV, $CONDA_PREFIX, quark-cli on PATH
  std::string eval_python;  // runs step 4's evaluation ("" = the same as quark-cli's)
  bool overwrite = false;   // an existing non-empty output directory is allowed
  // Where the approved command runs: "local" (quark-ptq's own child) or "slurm" (a batch job;
  // the rest are its resources, "" / nullopt: from the estimate and the plan, or Slurm's own).
  std::string executor = "local";
  std::string partition;
  std::optional<int> gpus;
  std::optional<int> cpus;
  std::string mem;         // as sbatch takes it: 64G (cluster::parse_mem_mib)
  std::string time_limit;  // minutes or [D-]HH:MM:SS (cluster::parse_time_limit_minutes)
  std::string account;
  std::string sbatch_extra;  // a file of extra #SBATCH lines, absolute once bound
  // Where the environment is checked for a job: "job" (a short job step on its partition) or
  // "login" (here); "" = job (manifest/preflight.h).
  std::string preflight;

  bool operator==(const PrepareOptions&) const = default;
};

}  // namespace options
