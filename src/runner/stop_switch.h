// A stop asked for from inside quark-ptq rather than by a signal to it: the MCP server's
// cancellation (notifications/cancelled, tasks/cancel, the cancel_run tool). request() may be
// called from any thread, before or during a monitored run; the run loop polls fd() next to
// the signal relay and treats the request exactly as a Ctrl-C: the signal is forwarded to the
// child's process group, escalated to SIGKILL after the grace period, and the run is recorded
// as interrupted by it. Only the runner turns it into a signal.
#pragma once

#include <atomic>
#include <csignal>
#include <optional>

namespace runner {

class StopSwitch {
 public:
  StopSwitch();
  ~StopSwitch();
  StopSwitch(const StopSwitch&) = delete;
  StopSwitch& operator=(const StopSwitch&) = delete;

  // The first request wins; later ones change nothing. Thread-safe, never blocks.
  void request(int signal = SIGINT);
  // The signal asked for, once requested.
  std::optional<int> requested() const;
  // Readable from the first request on (never drained); -1 if no pipe could be made, in which
  // case the run loop checks requested() on its periodic tick.
  int fd() const { return m_read_fd; }

 private:
  std::atomic<int> m_signal{0};
  int m_read_fd = -1;
  int m_write_fd = -1;
};

}  // namespace runner
