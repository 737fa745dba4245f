#include "runner/stop_switch.h"

#include <fcntl.h>
#include <unistd.h>

namespace runner {

StopSwitch::StopSwitch() {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC | O_NONBLOCK) != 0) return;
  m_read_fd = fds[0];
  m_write_fd = fds[1];
}

StopSwitch::~StopSwitch() {
  if (m_read_fd >= 0) ::close(m_read_fd);
  if (m_write_fd >= 0) ::close(m_write_fd);
}

void StopSwitch::request(int signal) {
  int expected = 0;
  if (!m_signal.compare_exchange_strong(expected, signal)) return;
  if (m_write_fd >= 0) {
    const unsigned char b = 1;
    [[maybe_unused]] ssize_t n = ::write(m_write_fd, &b, 1);
  }
}

std::optional<int> StopSwitch::requested() const {
  int s = m_signal.load();
  if (s == 0) return std::nullopt;
  return s;
}

}  // namespace runner
