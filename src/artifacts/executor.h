// The manifest's `executor` section read back (manifest/slurm_executor.cpp writes it): where the
// approved command runs - quark-ptq's own child, or a Slurm batch job with its resources, the
// margin they were made with, the script, its output file, the sbatch argv and where the
// environment was checked. Bound by the command digest from scope 3, so what is shown and
// what is submitted are read here, one spelling each.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/json_io.h"
#include "core/result.h"

namespace artifacts {

struct SlurmResources {
  std::optional<std::string> partition;
  std::optional<std::int64_t> gpus;
  std::optional<std::int64_t> cpus_per_task;
  std::optional<std::int64_t> mem_mib;
  std::optional<std::int64_t> time_limit_minutes;
  std::optional<std::string> account;
};

// How the defaults were made from the estimate (knowledge/estimate.json's `slurm` margins).
struct SlurmMargin {
  double memory_pct = 0;
  double time_pct = 0;
  double minimum_minutes = 0;
  double host_estimate_gib = 0;
  double quark_cli_seconds = 0;
};

// Where the environment verdict was made: on a node of the partition (a preflight job step)
// or on the login node.
struct Preflight {
  std::string where;  // "job" | "login"
  std::optional<std::string> node;
  std::optional<std::string> partition;
  std::optional<std::string> job_id;
  std::vector<std::string> left_out;  // extra #SBATCH lines the step did not carry
};

// A GPU job's evaluation: the srun prefix the evaluator's argv runs behind, after the job.
struct EvaluationStep {
  std::vector<std::string> srun;
  std::int64_t time_limit_minutes = 0;
  std::vector<std::string> left_out;  // extra #SBATCH lines the step does not carry
};

// What slurmctld said of the exact submission before checkpoint 3.
struct SubmissionCheck {
  std::string answer;  // sbatch --test-only's line
  std::optional<std::string> partition;
  std::optional<std::int64_t> partition_limit_minutes;  // unset: no limit
};

struct Executor {
  std::string kind = "local";  // local | slurm
  SlurmResources resources;
  std::optional<SlurmMargin> margin;
  std::string script_path;
  std::string script;
  std::string output;  // the job's output file
  std::vector<std::string> sbatch_argv;
  std::optional<Preflight> preflight;
  std::optional<EvaluationStep> evaluation_step;    // unset: the evaluation runs on this node
  std::optional<SubmissionCheck> submission_check;  // unset: not asked
  bool is_job() const { return kind == "slurm"; }

  // `section` null or absent: a local run (manifests before the executor was recorded).
  // artifacts.field_invalid naming the field ("executor/sbatch_argv/2 is not a string").
  static core::Result<Executor> from_json(const core::Json& section);
};

}  // namespace artifacts
