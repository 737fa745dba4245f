// Short child runs whose whole output we want (probes: python -c ..., quark-cli --help,
// nvidia-smi). posix_spawn with an argv, stdin from /dev/null, own process group, a
// deadline after which the group is killed. No shell.
#pragma once

#include <optional>
#include <string>

#include "core/result.h"
#include "runner/command.h"

namespace runner {

struct CaptureResult {
  std::optional<int> exit_code;  // set when the child exited
  std::optional<int> signal;     // set when a signal ended it
  bool timed_out = false;        // the child itself was still running at the deadline
  bool left_background = false;  // it exited, but left a process holding its output (killed)
  std::string out;               // stdout
  std::string err;               // stderr
  double seconds = 0;
  bool ok() const { return exit_code && *exit_code == 0 && !timed_out; }
};

// Fails (as a value) only when the child could not be started at all (program not found, not
// executable), or when quark-ptq was asked to stop (SIGINT/SIGTERM/SIGHUP) while it ran:
// then the child's process group is killed and the error is ExitCode::interrupted
// "runner.probe_interrupted" (exit 130, docs/exit-codes.md). A child that runs and fails is a CaptureResult with its status.
// `interruptible` false leaves the signal dispositions alone: for probes taken while a
// monitored run owns them (the GPU memory sampler's thread).
core::Result<CaptureResult> capture(const CommandSpec& spec, double timeout_seconds, std::size_t max_output_bytes = 64u << 20,
                                    bool interruptible = true);

// The first executable `name` on PATH (or `name` itself when it contains '/').
std::optional<std::string> find_program(const std::string& name);

}  // namespace runner
