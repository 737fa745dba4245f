// What Slurm says about a job, typed. The states are those a quantization run can end in or
// pass through; any other text Slurm prints becomes JobState::unknown with the text kept, so
// that a newer Slurm (or a site's plugin) is reported as it spoke, never misread and never a
// crash.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace cluster {

enum class JobState {
  pending,  // waiting; `reason` says for what (Priority, Resources, BeginTime after a requeue...)
  running,
  completing,     // ended, Slurm still cleaning up its processes: the final state follows
  completed,      // exit status 0
  failed,         // a non-zero exit status, or killed by a signal
  timeout,        // its time limit was reached
  out_of_memory,  // the cgroup OOM killer ended it (sites with task/cgroup)
  node_fail,      // a node it ran on failed (or was set down) and it was not requeued
  cancelled,      // scancel; `cancelled_by` holds the uid when Slurm says it
  preempted,      // a higher priority job took its resources
  requeued,       // sent back to the queue (node failure, preemption with requeue, scontrol requeue)
  unknown,        // any other text: see `raw_state`
};

struct JobStatus {
  std::string job_id;
  JobState state = JobState::unknown;
  std::string raw_state;          // as Slurm printed it: "CANCELLED by 0", "PENDING", "RESIZING"
  std::string reason;             // Slurm's reason; empty where it said None
  std::optional<int> exit_code;   // the batch script's exit status, when it exited
  std::optional<int> signal;      // the signal that ended it; OUT_OF_MEMORY under task/cgroup: 125 (Slurm's SIG_OOM)
  std::string cancelled_by;       // "0" from "CANCELLED by 0"
  std::optional<long> elapsed_s;  // run time so far or in all
};

// The state for Slurm's long state name (squeue %T / -O State, sacct State).
JobState job_state_from_text(std::string_view text);

// A stable lower-case name for logs and the manifest ("out_of_memory").
std::string_view job_state_name(JobState s);

// Whether Slurm will not run the job (this time) any more: completed, failed, timeout,
// out_of_memory, node_fail, cancelled, preempted. Not for unknown: its meaning is not known.
bool is_final(JobState s);

// Fills exit_code / signal from sacct's "code:signal" ("3:0", "0:15").
void set_exit_from_pair(JobStatus& status, std::string_view text);

// Fills exit_code / signal from a raw wait status (squeue -O exit_code: 768 is exit 3).
void set_exit_from_wait_status(JobStatus& status, std::string_view text);

// Slurm's durations: [D-]HH:MM:SS, MM:SS or M:SS, optionally with fractions (".123").
std::optional<long> parse_duration(std::string_view text);

}  // namespace cluster
