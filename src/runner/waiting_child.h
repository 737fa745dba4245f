// A child started before its turn and held at a gate: it gets ready (a Python imports its
// libraries) while something else runs, then blocks reading one line from its stdin. That stdin
// is a pipe whose write end only quark-ptq holds (close-on-exec, so no other child inherits
// it): nothing that can only write files - an agent in the workdir - can open the gate.
// run_monitored (monitored_run.h) writes the line and follows the child from then on exactly as
// one it started itself. Released instead (release(), the destructor, an assignment over it),
// the child reads end-of-file and is expected to exit having done nothing; one still running
// after the grace is killed with its process group. Either way it is reaped here, so no child
// outlives its WaitingChild; if quark-ptq dies, the pipe closes with it and the child reads
// end-of-file all the same.
#pragma once

#include <sys/types.h>

#include <optional>
#include <string>

#include "core/result.h"
#include "runner/command.h"

namespace runner {

// How a released child ended.
struct ReleasedChild {
  std::optional<int> exit_code;
  std::optional<int> signal;
  bool killed = false;  // it had not exited within the grace: its group was killed
};

// The child and its pipes as run_monitored takes them over: the gate (stdin's write end), its
// stdout's and stderr's read ends.
struct WaitingHandles {
  pid_t pid = -1;
  int gate_fd = -1;
  int out_fd = -1;
  int err_fd = -1;
};

class WaitingChild {
 public:
  // Enough for a child already at the gate to read end-of-file and exit; one still getting
  // ready has done nothing worth waiting for.
  static constexpr double kReleaseGraceSeconds = 1.0;

  WaitingChild() = default;
  // `spec` in its own process group, stdin the gate, stdout and stderr into pipes that nobody
  // reads until run_monitored takes the child (a child that writes much before its line blocks,
  // which a waiting child may). Fails as a value when it could not be started.
  static core::Result<WaitingChild> start(const CommandSpec& spec);

  WaitingChild(WaitingChild&& other) noexcept;
  WaitingChild& operator=(WaitingChild&& other) noexcept;
  WaitingChild(const WaitingChild&) = delete;
  WaitingChild& operator=(const WaitingChild&) = delete;
  ~WaitingChild();

  bool holds() const { return m_handles.pid > 0; }
  pid_t pid() const { return m_handles.pid; }
  const std::string& program() const { return m_program; }

  // Closes the gate, gives the child `grace_seconds` to exit, kills its group if it has not,
  // and reaps it. Nothing when it holds no child.
  ReleasedChild release(double grace_seconds = kReleaseGraceSeconds);

  // For run_monitored: the child and its pipes; this holds nothing afterwards.
  WaitingHandles hand_over();

 private:
  std::string m_program;
  WaitingHandles m_handles;
};

}  // namespace runner
