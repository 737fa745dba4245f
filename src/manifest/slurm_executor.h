// prepare --executor slurm: the job's resources (the person's options, else the estimate with
// knowledge/estimate.json's stated margin and the plan's devices), the batch script generated
// by src/cluster from the approved argv and environment changes, and the exact sbatch argv -
// the manifest's `executor` section, which checkpoint 3's digest binds (command.scope 3).
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>

#include "artifacts/executor.h"
#include "cluster/directives.h"
#include "cluster/step_options.h"
#include "cluster/submission_check.h"
#include "core/json_io.h"
#include "core/result.h"
#include "envprobe/checks.h"
#include "manifest/command_builder.h"
#include "manifest/estimate.h"
#include "manifest/plan_view.h"
#include "options/prepare_options.h"

namespace manifest {

// The Slurm options as given, read and checked before anything is probed: --mem and
// --time-limit parsed, the --sbatch-extra file read and each line checked (cluster::read_extra_lines),
// every value one sbatch can carry. nullopt for --executor local (the Slurm options are then
// refused: usage "prepare.slurm_option_local"). Errors: usage "prepare.bad_executor",
// "prepare.bad_preflight", bad_input from src/cluster, bad_input "prepare.sbatch_extra_unreadable".
struct SlurmRequest {
  cluster::Directives given;     // what the person set; unset ones get defaults in slurm_executor
  bool preflight_on_job = true;  // --preflight job (the default) or login (manifest/preflight.h)
};
core::Result<std::optional<SlurmRequest>> read_slurm_request(const options::PrepareOptions& o);

// The manifest's `executor` for a local run.
artifacts::Executor local_executor();

// Where the batch script and the job's output go (inside the workdir, which a cluster shares
// with the compute nodes).
std::filesystem::path slurm_script_path(const std::filesystem::path& workdir);
std::filesystem::path slurm_output_path(const std::filesystem::path& workdir);

// The job's GPUs: --gpus as given, else none for a CPU plan and one for a single-device plan
// (`source`: given, plan_cpu, plan). Errors: usage "prepare.slurm_gpus_needed" (a multi-device
// plan without --gpus).
struct JobGpus {
  std::optional<unsigned> gpus;
  std::string source;
};
core::Result<JobGpus> job_gpus(const cluster::Directives& given, const PlanView& plan);

// Where step 4's evaluation runs for a job: when the job has GPUs, as a job step of its own
// after the job (srun from this node, one GPU, the evaluator's deadline); otherwise on this
// node. `deadline_seconds` 0: the plan has no evaluation. `srun` as resolved on this host.
struct EvaluationPlace {
  double deadline_seconds = 0;
  std::string srun = "srun";
  cluster::StepExtras placement;  // the job's extra lines as srun options, and those left out
};

// What slurmctld says of the exact submission before checkpoint 3 (cluster/submission_check.h),
// given the typed directives, the sbatch argv and the script; unset (sbatch missing here): not
// asked, and said so in the manifest.
using SubmissionChecker = std::function<core::Result<cluster::SubmissionCheck>(
    const cluster::Directives&, const std::vector<std::string>& sbatch_argv, const std::string& script)>;

// The `executor` section: {kind: slurm, resources, sources, margin, script_path, script,
// output, sbatch_argv, preflight, evaluation_step, submission_check}. `sbatch` is the program as resolved on this
// host; `preflight` says where the environment was checked (manifest/preflight.h);
// `evaluation_step` is the srun prefix the evaluator's argv goes behind, or null. Errors: those
// of job_gpus, and src/cluster's.
core::Result<artifacts::Executor> slurm_executor(const SlurmRequest& req, const PlanView& plan, const Estimate& est,
                                                 const BuiltCommand& cmd, const std::filesystem::path& workdir, const std::string& sbatch,
                                                 const artifacts::Preflight& preflight, const EvaluationPlace& evaluation,
                                                 const SubmissionChecker& check);

// What the environment check cannot say about the compute node when it ran on this (login)
// node (`checked_on_node` false): the GPU problems become warnings, with one more warning that
// names them. sbatch missing on PATH blocks either way. The verdict's `ready` is recomputed.
void adjust_verdict_for_slurm(envprobe::Verdict& v, bool sbatch_found, bool checked_on_node);

}  // namespace manifest
