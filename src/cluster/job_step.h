// Short job steps that quark-ptq runs with srun from the login node, around the batch job:
// the environment preflight before checkpoint 3 (on the job's partition with the job's
// resources, so the verdict is a compute node's) and step 4's evaluation after the job when
// the job has GPUs (so the quantized model is measured on the hardware it was made for, not on
// a login node's CPU). Each is srun with the typed directives as options, in front of the
// program's argv (no shell); whether srun started the step is read from its answer, so that a
// partition it refuses is told apart from a program that ran on the node and failed there.
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
inline constexpr std::string_view kEvaluationJobName = "qptq-evaluate";
// How long quark-ptq lets the evaluation's srun wait for its allocation before the step's own
// time limit starts, on top of the evaluator's deadline: a queue is not a hung evaluator, and
// giving up throws away a measurement of a finished quantization.
inline constexpr double kStepStartWaitSeconds = 4 * 3600;

// What a step asks for beyond the job's partition, CPUs, memory and account.
struct Step {
  std::string_view name;           // --job-name
  unsigned minutes = 0;            // --time
  std::optional<unsigned> gpus;    // --gpus (unset: none asked for)
  bool quit_on_interrupt = false;  // one SIGINT ends the step (srun's --quit-on-interrupt)
  // The job's extra #SBATCH lines that mean the same for srun (cluster/step_options.h).
  std::vector<std::string> placement;
};

// {srun, --job-name, the typed directives as options (partition, the step's GPUs, CPUs per
// task, memory, account, the step's time; never the job's time limit or output), the step's
// placement options, --nodes=1, --ntasks=1, --quiet[, --quit-on-interrupt]} followed by `argv`.
// Fails on a value srun cannot take.
core::Result<std::vector<std::string>> step_srun_argv(const Directives& job, const Step& step, const std::vector<std::string>& argv,
                                                      const std::string& srun = "srun");

// The preflight: the job's GPUs, five minutes.
core::Result<std::vector<std::string>> preflight_srun_argv(const Directives& job, const std::vector<std::string>& argv,
                                                           const std::string& srun = "srun",
                                                           const std::vector<std::string>& placement = {});

// The evaluation's step in front of nothing yet (the evaluator's argv is made when it runs):
// one GPU (the evaluator loads each model onto one device), `minutes` (its hard deadline), and
// a Ctrl-C that ends the step at once.
core::Result<std::vector<std::string>> evaluation_srun_prefix(const Directives& job, unsigned minutes, const std::string& srun = "srun",
                                                              const std::vector<std::string>& placement = {});

// srun's words when the step did not start (no allocation: no such partition, a limit or
// account refused, the allocation revoked): the last "srun: error:" line of its stderr, or its
// last line; nullopt when the step ran (srun reports a task's end as "...: task N: ...").
std::optional<std::string> srun_refusal(std::string_view err, int exit_code);

}  // namespace cluster
