// While a monitored run is in progress, SIGINT, SIGTERM and SIGHUP sent to quark-ptq are not
// fatal: the handler writes the signal number into a pipe that the run loop polls, and the
// loop forwards it to the child's process group. SIGPIPE is ignored (a closed terminal must
// not kill the supervisor). The previous dispositions come back when the relay is destroyed.
#pragma once

#include <csignal>
#include <optional>

namespace runner {

class SignalRelay {
 public:
  SignalRelay();
  ~SignalRelay();
  SignalRelay(const SignalRelay&) = delete;
  SignalRelay& operator=(const SignalRelay&) = delete;

  bool ok() const { return m_read_fd >= 0; }
  // The fd to poll for readability.
  int fd() const { return m_read_fd; }
  // The next pending signal, if any (non-blocking).
  std::optional<int> take();

 private:
  int m_read_fd = -1;
  struct sigaction m_old_int {};
  struct sigaction m_old_term {};
  struct sigaction m_old_hup {};
  struct sigaction m_old_pipe {};
};

}  // namespace runner
