#include "runner/signal_relay.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>

namespace runner {

namespace {

// One relay at a time (a process supervises one run); the handler may only touch this.
volatile int g_write_fd = -1;

void on_signal(int sig) {
  int saved = errno;
  if (g_write_fd >= 0) {
    unsigned char b = static_cast<unsigned char>(sig);
    [[maybe_unused]] ssize_t n = ::write(g_write_fd, &b, 1);
  }
  errno = saved;
}

}  // namespace

SignalRelay::SignalRelay() {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC | O_NONBLOCK) != 0) return;
  m_read_fd = fds[0];
  g_write_fd = fds[1];
  struct sigaction sa {};
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;
  ::sigaction(SIGINT, &sa, &m_old_int);
  ::sigaction(SIGTERM, &sa, &m_old_term);
  ::sigaction(SIGHUP, &sa, &m_old_hup);
  struct sigaction ign {};
  ign.sa_handler = SIG_IGN;
  sigemptyset(&ign.sa_mask);
  ::sigaction(SIGPIPE, &ign, &m_old_pipe);
}

SignalRelay::~SignalRelay() {
  if (m_read_fd < 0) return;
  ::sigaction(SIGINT, &m_old_int, nullptr);
  ::sigaction(SIGTERM, &m_old_term, nullptr);
  ::sigaction(SIGHUP, &m_old_hup, nullptr);
  ::sigaction(SIGPIPE, &m_old_pipe, nullptr);
  int w = g_write_fd;
  g_write_fd = -1;
  ::close(w);
  ::close(m_read_fd);
}

std::optional<int> SignalRelay::take() {
  unsigned char b = 0;
  ssize_t n = ::read(m_read_fd, &b, 1);
  if (n == 1) return static_cast<int>(b);
  return std::nullopt;
}

}  // namespace runner
