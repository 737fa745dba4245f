// The environment preflight as a short job step where the job will run: srun on the job's
// partition with the job's GPUs, CPUs, memory and account, a time limit of a few minutes and
// a name of its own, in front of the probe's argv (no shell). Whether srun started the step is
// read from its answer, so that a partition it refuses is told apart from a probe that ran on
// the node and failed there.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cluster/directives.h"
#include "core/result.h"

namespace cluster {

inline constexpr std::string_view kPreflightJobName = "qptq-preflight";
inline constexpr unsigned kPreflightMinutes = 5;

// {srun, --job-name=qptq-preflight, the typed directives as options (partition, GPUs, CPUs per
// task, memory, account: not the job's time limit, output or extra lines), --time=5,
// --nodes=1, --ntasks=1, --quiet} followed by `argv`. Fails on a value srun cannot take.
core::Result<std::vector<std::string>> preflight_srun_argv(const Directives& job, const std::vector<std::string>& argv,
                                                           const std::string& srun = "srun");

// srun's words when the step did not start (no allocation: no such partition, a limit or
// account refused, the allocation revoked): the last "srun: error:" line of its stderr, or its
// last line; nullopt when the step ran (srun reports a task's end as "...: task N: ...").
std::optional<std::string> srun_refusal(std::string_view err, int exit_code);

}  // namespace cluster
