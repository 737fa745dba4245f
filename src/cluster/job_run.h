// A quantization run as a Slurm job seen from the login node: the submission (sbatch
// --parsable), then the job followed until Slurm says it ended - its state from squeue (and,
// once slurmctld has forgotten it, from accounting or the completion log), its output file
// read as it grows (echoed, copied into this attempt's run log, its stages and progress
// followed as for a local run), its batch step's memory sampled with sstat while it runs.
// Ctrl-C, SIGTERM and SIGHUP are not fatal while following: the observer decides whether the
// job is cancelled (scancel) or left running (detached), and a detached job can be followed
// again later with follow_job alone. Only short client commands run here; the job itself runs
// wherever Slurm puts it.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "cluster/job_memory.h"
#include "cluster/job_state.h"
#include "cluster/sbatch.h"
#include "core/result.h"
#include "runner/clean_echo.h"
#include "runner/log_watch.h"
#include "runner/monitored_run.h"
#include "runner/stop_switch.h"

namespace cluster {

// The Slurm client programs, as found on this host.
struct JobClients {
  std::string squeue = "squeue";
  std::string sacct = "sacct";
  std::string scancel = "scancel";
  std::string sstat = "sstat";
};

// Runs the recorded sbatch argv (no shell) and reads its --parsable answer. Errors: run_failed
// "cluster.sbatch_failed" with sbatch's own words (a partition that does not exist, a limit),
// "cluster.sbatch_answer" for an answer that is not a job id, the runner's start errors.
core::Result<SubmittedJob> submit_job(const std::vector<std::string>& sbatch_argv, double timeout_seconds = 120);

// What Slurm says about the job now: squeue while slurmctld holds it, else accounting
// (slurmdbd), else the job completion log. nullopt when none of them knows it (yet).
std::optional<JobStatus> query_job(const std::string& job_id, const JobClients& clients);

// scancel of the job; the error carries scancel's words.
core::Result<void> cancel_job(const std::string& job_id, const JobClients& clients);

enum class InterruptAnswer {
  cancel,          // scancel, then follow the job until Slurm says it ended
  detach,          // stop following; the job runs on and can be followed again
  keep_following,  // the question was answered "go on"
};

// What a stop means when nobody is asked: a closed terminal (SIGHUP) leaves the job running,
// any other stop cancels it.
InterruptAnswer default_interrupt_answer(int signal);

class JobObserver {
 public:
  virtual ~JobObserver() = default;
  // Each change of the job's state or of Slurm's reason (PENDING (Resources), RUNNING, ...).
  virtual void on_state(const JobStatus& /*status*/) {}
  virtual void on_stage(const runner::StageRecord& /*stage*/) {}
  virtual void on_progress(const runner::LiveProgress& /*progress*/) {}
  // Ctrl-C (SIGINT), SIGTERM or SIGHUP while following, or the StopSwitch's request; by
  // default default_interrupt_answer(signal).
  virtual InterruptAnswer on_interrupt(int signal) { return default_interrupt_answer(signal); }
  virtual void on_cancel_requested() {}
};

struct JobFollowOptions {
  std::filesystem::path output_path;  // the job's --output file (absolute; the shared filesystem)
  std::filesystem::path log_path;     // this attempt's run log: created exclusively, a copy of the output
  int echo_fd = 1;                    // where the output is echoed; -1: nowhere
  runner::EchoStyle echo_style = runner::EchoStyle::raw;
  double poll_seconds = 2;       // between two questions to Slurm
  double progress_interval = 0;  // > 0: JobObserver::on_progress at most this often
  // After scancel, how long Slurm may take to say the job ended before following stops (the
  // job is then recorded as Slurm last described it).
  double cancel_wait_seconds = 120;
  // How long Slurm may fail to answer (slurmctld restarting) before following stops and the
  // job is left to a later follow.
  double unreachable_seconds = 600;
  std::size_t tail_bytes = 4u << 20;
  const runner::StopSwitch* stop = nullptr;
};

struct JobOutcome {
  std::string job_id;
  JobStatus last;                        // what Slurm said last (final unless detached or lost)
  bool detached = false;                 // following stopped; the job may still run
  bool lost = false;                     // Slurm stopped answering (unreachable_seconds); also detached
  bool cancelled = false;                // we asked scancel
  int interrupt_signal = 0;              // the stop that led to cancel or detach
  std::vector<std::string> states_seen;  // job_state_name of each state in order, repeats folded
  // As for a local run: exit status or signal (from Slurm), stages, export, perplexity and the
  // log tail from the output file, the times, and the batch step's memory as the resources
  // (cluster/job_memory.h: sstat while it runs, sacct's MaxRSS at the end where it has one).
  runner::MonitoredOutcome run;
  JobMemoryRecord memory;  // where run.resources' peak came from
};

// Follows `job_id` until Slurm says it ended, or the observer detaches. Fails as a value only
// when the run log cannot be created.
core::Result<JobOutcome> follow_job(const std::string& job_id, const JobClients& clients, const JobFollowOptions& options,
                                    JobObserver* observer);

}  // namespace cluster
