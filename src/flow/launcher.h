// The monitored launch as the run flow sees it: one call that starts the approved command,
// follows it to the end and reports what happened, one that runs step 4's evaluation of
// the verified output, and the two that submit and follow a Slurm job instead. The real launcher is the runner's run_monitored (the only
// code that touches processes and signals) and evaluate::run_evaluation over it; tests give the flow a fake that returns scripted outcomes,
// so every way a run can end is tested without a child.
#pragma once

#include "cluster/job_run.h"
#include "core/result.h"
#include "evaluate/run_evaluation.h"
#include "runner/command.h"
#include "runner/monitored_run.h"

namespace flow {

class Launcher {
 public:
  virtual ~Launcher() = default;
  // Fails as a value only when the command could not be started (or its log not created).
  virtual core::Result<runner::MonitoredOutcome> launch(const runner::CommandSpec& spec, const runner::MonitorOptions& options,
                                                        runner::MonitorObserver* observer) = 0;
  // Never fails: an evaluator that cannot start or finish gives a not_run result.
  virtual evaluate::EvaluationResult evaluate(const evaluate::Request& request) = 0;
  // A Slurm job (cluster/job_run.h): the recorded sbatch argv run, and the job followed.
  virtual core::Result<cluster::SubmittedJob> submit(const std::vector<std::string>& sbatch_argv) = 0;
  virtual core::Result<cluster::JobOutcome> follow(const std::string& job_id, const cluster::JobFollowOptions& options,
                                                   cluster::JobObserver* observer) = 0;
};

// runner::run_monitored: posix_spawn, own process group, signal forwarding, resource sampling.
class MonitoredLauncher final : public Launcher {
 public:
  core::Result<runner::MonitoredOutcome> launch(const runner::CommandSpec& spec, const runner::MonitorOptions& options,
                                                runner::MonitorObserver* observer) override {
    return runner::run_monitored(spec, options, observer);
  }
  evaluate::EvaluationResult evaluate(const evaluate::Request& request) override { return evaluate::run_evaluation(request); }
  core::Result<cluster::SubmittedJob> submit(const std::vector<std::string>& sbatch_argv) override {
    return cluster::submit_job(sbatch_argv);
  }
  core::Result<cluster::JobOutcome> follow(const std::string& job_id, const cluster::JobFollowOptions& options,
                                           cluster::JobObserver* observer) override {
    return cluster::follow_job(job_id, clients, options, observer);
  }
  cluster::JobClients clients;  // the Slurm clients on PATH
};

}  // namespace flow
