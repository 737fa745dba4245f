// The monitored launch as the run flow sees it: one call that starts the approved command,
// follows it to the end and reports what happened, one that runs step 4's evaluation of
// the verified output (with the two that start its evaluator early, beside quark-cli, and let it
// go unused), and the two that submit and follow a Slurm job instead. The real launcher is the runner's run_monitored (the only
// code that touches processes and signals) and evaluate::run_evaluation over it; tests give the flow a fake that returns scripted outcomes,
// so every way a run can end is tested without a child.
#pragma once

#include <string>

#include "cluster/job_run.h"
#include "core/result.h"
#include "evaluate/run_evaluation.h"
#include "evaluate/waiting_evaluator.h"
#include "runner/command.h"
#include "runner/monitored_run.h"
#include "runner/waiting_child.h"

namespace flow {

class Launcher {
 public:
  virtual ~Launcher() = default;
  // Fails as a value only when the command could not be started (or its log not created).
  virtual core::Result<runner::MonitoredOutcome> launch(const runner::CommandSpec& spec, const runner::MonitorOptions& options,
                                                        runner::MonitorObserver* observer) = 0;
  // Starts the evaluator of `request` before quark-cli, to import its libraries while quark-cli
  // runs and wait (evaluate/waiting_evaluator.h); evaluate() then tells it to go. Never fails: an
  // evaluator that cannot start now is started by evaluate() as it would have been.
  virtual void start_evaluator(const evaluate::Request& request) = 0;
  // The started evaluator, if any, exits having done nothing: the run failed, was interrupted,
  // did not verify or may not be evaluated. Nothing when none waits.
  virtual void release_evaluator() = 0;
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
  void start_evaluator(const evaluate::Request& request) override {
    auto started = evaluate::start_waiting_evaluator(request.python, request.env);
    m_waiting = started ? std::move(*started) : runner::WaitingChild{};
    m_waiting_python = request.python;
    m_waiting_env = request.env;
  }
  void release_evaluator() override { m_waiting.release(); }
  evaluate::EvaluationResult evaluate(const evaluate::Request& request) override {
    runner::WaitingChild waiting = std::move(m_waiting);
    // Only the interpreter the evaluation names, in its environment, may evaluate.
    if (request.python != m_waiting_python || request.env != m_waiting_env) waiting.release();
    return evaluate::run_evaluation(request, std::move(waiting));
  }
  core::Result<cluster::SubmittedJob> submit(const std::vector<std::string>& sbatch_argv) override {
    return cluster::submit_job(sbatch_argv);
  }
  core::Result<cluster::JobOutcome> follow(const std::string& job_id, const cluster::JobFollowOptions& options,
                                           cluster::JobObserver* observer) override {
    return cluster::follow_job(job_id, clients, options, observer);
  }
  cluster::JobClients clients;  // the Slurm clients on PATH

 private:
  runner::WaitingChild m_waiting;  // released with the launcher at the latest
  std::string m_waiting_python;
  std::vector<std::pair<std::string, std::string>> m_waiting_env;
};

}  // namespace flow
