// prepare --executor slurm's environment preflight: where the environment is checked for a
// job. By default (--preflight job) the Python probe runs as a short job step on the job's
// partition with the job's GPUs, CPUs, memory and account (cluster/job_step.h), so the
// verdict - Python, packages, torch and its GPUs, the node's driver, memory and OS - is the
// compute node's; --preflight login keeps today's check on this login node, for sites where it
// has the nodes' environment. Where the verdict came from is recorded in `executor.preflight`,
// which checkpoint 3's digest binds with the rest of `executor` (command.scope 3).
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "artifacts/executor.h"
#include "cluster/directives.h"
#include "cluster/step_options.h"
#include "core/json_io.h"
#include "core/result.h"
#include "envprobe/report.h"

namespace manifest {

// How long srun may take, waiting for the allocation included, before the preflight is given
// up (then prepare fails, naming the partition). Importing torch on a cold node is most of it.
inline constexpr double kPreflightTimeoutSeconds = 600;

// What the job-step preflight ran, filled in while it runs.
struct PreflightRun {
  std::string partition;              // as asked ("" : the cluster's default)
  std::vector<std::string> srun;      // srun and its options, without the probe's argv
  std::vector<std::string> left_out;  // the extra #SBATCH lines the step does not carry
};

// The extra #SBATCH lines of `job` as srun options for quark-ptq's steps, read with this host's
// `sbatch --help` and `srun --help` (cluster/step_options.h); every line left out when either
// cannot answer.
cluster::StepExtras step_extras_here(const cluster::Directives& job, const std::string& sbatch, const std::string& srun);

// The ProbeOptions::run_elsewhere of the job-step preflight: `srun` (its path here) with the
// job's directives in front of the probe's command. Errors (ExitCode::env_not_ready, nothing
// written): "prepare.preflight_not_started" (srun could not start the step: its words),
// "prepare.preflight_timed_out"; a stop while srun runs is ExitCode::interrupted.
std::function<core::Result<runner::CaptureResult>(const runner::CommandSpec&)> job_step_runner(const cluster::Directives& job,
                                                                                               std::string srun, double timeout_seconds,
                                                                                               std::shared_ptr<PreflightRun> record,
                                                                                               cluster::StepExtras extras = {});

// executor.preflight: {where: job, node, job_id, partition, srun} from the run and the
// node's report (Slurm's SLURMD_NODENAME and SLURM_JOB_ID as the probe saw them; null when it
// did not report them), or {where: login} for --preflight login.
artifacts::Preflight job_preflight(const PreflightRun& run, const envprobe::EnvReport& env);
artifacts::Preflight login_preflight();

}  // namespace manifest
