// The monitored PTQ run: posix_spawn of the approved argv (no shell) in its own process
// group, stdin from /dev/null, the approved environment; stdout and stderr streamed live to
// the terminal (rendered for it: runner/clean_echo.h) and to the log file as they came; stages, progress and perplexity followed from the
// log; memory sampled on a side thread; SIGINT/SIGTERM/SIGHUP forwarded to the child's group and escalated to SIGKILL after a grace period.
// The loop sleeps in poll() (pipes, the signal relay and a pidfd for the child), so monitoring costs next to nothing. A StopSwitch, when
// given, is a Ctrl-C asked for from inside quark-ptq (the MCP server's cancellation).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "runner/clean_echo.h"
#include "runner/command.h"
#include "runner/log_watch.h"
#include "runner/resource_sampler.h"
#include "runner/stop_switch.h"
#include "runner/waiting_child.h"

namespace runner {

struct MonitorOptions {
  std::filesystem::path log_path;  // created exclusively (runner/run_log.h); both streams as they arrive
  int echo_stdout_fd = 1;          // where the child's stdout is echoed; -1: nowhere
  int echo_stderr_fd = 2;
  // How each echo is rendered (runner/clean_echo.h); the log file always gets the raw bytes.
  EchoStyle echo_stdout_style = EchoStyle::raw;
  EchoStyle echo_stderr_style = EchoStyle::raw;
  double stop_grace_seconds = 10;  // after forwarding a stop signal, before SIGKILL
  double host_sample_interval = 2;
  double gpu_sample_interval = 5;
  bool sample_gpu = true;
  double timeout_seconds = 0;         // 0: none; otherwise stopped like an interrupt
  std::size_t tail_bytes = 4u << 20;  // ANSI-stripped log kept in memory for diagnosis
  const StopSwitch* stop = nullptr;   // a request on it stops the child as SIGINT to us would
  double progress_interval = 0;       // > 0: MonitorObserver::on_progress at most this often (seconds)
};

// Where a run stands while it runs: for a front end that reports progress (the MCP server).
struct LiveProgress {
  std::string stage;     // the current stage ("" before the first)
  int percent = -1;      // of the latest progress bar; -1 none seen in this stage
  std::string position;  // "n/total" of that bar
  double elapsed_seconds = 0;
  std::optional<ResourceSample> memory;  // the latest sample, once there is one
};

class MonitorObserver {
 public:
  virtual ~MonitorObserver() = default;
  virtual void on_started(int /*pid*/) {}
  virtual void on_stage(const StageRecord& /*stage*/) {}
  virtual void on_stop_requested(int /*signal*/) {}
  // Every MonitorOptions::progress_interval seconds, and when a stage begins (after on_stage).
  virtual void on_progress(const LiveProgress& /*progress*/) {}
};

struct MonitoredOutcome {
  int pid = -1;
  std::optional<int> exit_code;  // the child exited with this status
  std::optional<int> signal;     // a signal ended the child
  bool interrupted = false;      // we were asked to stop (Ctrl-C, SIGTERM, SIGHUP)
  int interrupt_signal = 0;
  bool timed_out = false;
  bool killed_after_grace = false;  // SIGKILL was needed
  std::string started_at;
  std::string finished_at;
  double wall_seconds = 0;
  std::vector<StageRecord> stages;
  bool export_done = false;
  std::optional<double> perplexity;
  ResourceSummary resources;
  double monitor_cpu_seconds = 0;  // quark-ptq's own CPU while monitoring, plus GPU probes
  std::uint64_t stdout_bytes = 0;
  std::uint64_t stderr_bytes = 0;
  std::string log_tail;  // ANSI-stripped complete lines (no tqdm redraws), the last tail_bytes
  // The log file holds exactly log_bytes of the output; when a write to it failed (disk full:
  // ENOSPC, a file size limit: EFBIG) the log stops there, log_errno says why, and the run
  // goes on (the output is still echoed and watched).
  std::uint64_t log_bytes = 0;
  int log_errno = 0;

  bool exited_zero() const { return exit_code && *exit_code == 0 && !interrupted && !timed_out; }
};

// Fails as a value only when the child could not be started or the log not created.
core::Result<MonitoredOutcome> run_monitored(const CommandSpec& spec, const MonitorOptions& options, MonitorObserver* observer);

// The same run of a child started earlier and held at its gate (runner/waiting_child.h): `go`
// (one line, well under a pipe's 64 KiB) is written to its stdin, which is then closed, and the
// child is followed as above from that moment: the log is created, the clock, the timeout and
// the samples start, on_started is called. Whatever it wrote while it waited is read then, into
// the log and the echo. Fails as a value when `child` holds none or the log cannot be created
// (the child is then released).
core::Result<MonitoredOutcome> run_monitored(WaitingChild child, std::string_view go, const MonitorOptions& options,
                                             MonitorObserver* observer);

}  // namespace runner
