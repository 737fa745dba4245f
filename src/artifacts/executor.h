// The manifest's `executor` section read back (manifest/slurm_executor.cpp writes it): where the
// approved command runs - quark-ptq's own child, or a Slurm batch job with its resources, the
// margin they were made with, the script, its output file, the sbatch argv and where the
// environment was checked. Bound by the command digest from scope 3, so what is shown and
// what is submitted are read here, one spelling each.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "artifacts/recorded_number.h"
#include "core/json_io.h"
#include "core/result.h"

namespace artifacts {

struct SlurmResources {
  std::optional<std::string> job_name;
  std::optional<std::string> partition;
  std::optional<std::int64_t> gpus;
  std::optional<std::int64_t> cpus_per_task;
  std::optional<std::int64_t> mem_mib;
  std::optional<std::int64_t> time_limit_minutes;
  std::optional<std::string> account;
  std::vector<std::string> extra_lines;  // the #SBATCH lines the person added
};

// Where each default came from: "given", "estimate", or for the GPUs "plan" / "plan_cpu".
struct ResourceSources {
  std::string gpus;
  std::string mem;
  std::string time_limit;
};

// How the defaults were made from the estimate (knowledge/estimate.json's `slurm` margins).
struct SlurmMargin {
  Number memory_pct;
  Number time_pct;
  Number minimum_minutes;
  Number minimum_memory_gib;
  Number host_estimate_gib;
  Number quark_cli_seconds;
};

// Where the environment verdict was made: on a node of the partition (a preflight job step)
// or on the login node.
struct Preflight {
  std::string where;  // "job" | "login"
  std::optional<std::string> node;
  std::optional<std::string> partition;
  std::optional<std::string> job_id;
  std::vector<std::string> srun;      // the job step's srun prefix
  std::vector<std::string> left_out;  // extra #SBATCH lines the step did not carry
  bool records_left_out = true;       // left out by releases before it

  core::Json to_json() const;  // {"where": "login"} for the login node
};

// A GPU job's evaluation: the srun prefix the evaluator's argv runs behind, after the job.
struct EvaluationStep {
  std::vector<std::string> srun;
  std::int64_t time_limit_minutes = 0;
  std::int64_t gpus = 1;
  std::vector<std::string> left_out;  // extra #SBATCH lines the step does not carry
  bool records_left_out = true;       // left out by releases before it
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
  std::optional<ResourceSources> sources;
  std::vector<std::string> sbatch_argv;
  std::optional<Preflight> preflight;
  std::optional<EvaluationStep> evaluation_step;    // unset: the evaluation runs on this node
  std::optional<SubmissionCheck> submission_check;  // unset: not asked
  // Written as null when unset; releases before them left them out (the digest binds them).
  bool records_evaluation_step = true;
  bool records_submission_check = true;
  // What prepare checked before checkpoint 3, and what only the job will find out.
  std::vector<std::string> checked_before_submission;
  std::vector<std::string> not_checked_before_submission;
  bool is_job() const { return kind == "slurm"; }

  // `section` null or absent: a local run (manifests before the executor was recorded).
  // artifacts.field_invalid naming the field ("executor/sbatch_argv/2 is not a string").
  static core::Result<Executor> from_json(const core::Json& section);
  // The one encoding (manifest/slurm_executor.cpp fills it): {"kind": "local"} for a local
  // run; from_json(to_json()) gives this record again.
  core::Json to_json() const;
};

// The manifest's `executor`, nullopt when there is none (manifests before it was recorded).
core::Result<std::optional<Executor>> manifest_executor(const core::Json& manifest);

}  // namespace artifacts
