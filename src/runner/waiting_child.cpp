#include "runner/waiting_child.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <thread>
#include <utility>

#include "core/errno_text.h"
#include "core/unique_fd.h"
#include "runner/capture.h"
#include "runner/spawn.h"

namespace runner {

namespace {

core::Error start_error(const std::string& what, int err) {
  return core::make_error(core::ExitCode::run_failed, "runner.spawn_failed")
      .with("program", what)
      .with("path", what)
      .with_detail(core::errno_text(err));
}

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

}  // namespace

core::Result<WaitingChild> WaitingChild::start(const CommandSpec& spec) {
  if (spec.argv.empty()) return start_error("", EINVAL);
  auto program = find_program(spec.argv[0]);
  if (!program) return start_error(spec.argv[0], ENOENT);
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) return start_error(*program, errno);
  core::UniqueFd in_r(fds[0]);
  core::UniqueFd gate(fds[1]);
  if (::pipe2(fds, O_CLOEXEC) != 0) return start_error(*program, errno);
  core::UniqueFd out_r(fds[0]);
  core::UniqueFd out_w(fds[1]);
  if (::pipe2(fds, O_CLOEXEC) != 0) return start_error(*program, errno);
  core::UniqueFd err_r(fds[0]);
  core::UniqueFd err_w(fds[1]);
  pid_t pid = -1;
  int rc = spawn_in_own_group(*program, spec, out_w.get(), err_w.get(), &pid, in_r.get());
  if (rc != 0) return start_error(*program, rc);
  WaitingChild child;
  child.m_program = *program;
  child.m_handles = {pid, gate.release(), out_r.release(), err_r.release()};
  return child;
}

WaitingChild::WaitingChild(WaitingChild&& other) noexcept
    : m_program(std::move(other.m_program)), m_handles(std::exchange(other.m_handles, WaitingHandles{})) {}

WaitingChild& WaitingChild::operator=(WaitingChild&& other) noexcept {
  if (this != &other) {
    release();
    m_program = std::move(other.m_program);
    m_handles = std::exchange(other.m_handles, WaitingHandles{});
  }
  return *this;
}

WaitingChild::~WaitingChild() { release(); }

WaitingHandles WaitingChild::hand_over() { return std::exchange(m_handles, WaitingHandles{}); }

ReleasedChild WaitingChild::release(double grace_seconds) {
  ReleasedChild r;
  WaitingHandles h = hand_over();
  if (h.pid <= 0) return r;
  close_fd(h.gate_fd);  // end-of-file at the gate
  // Polled rather than waited on with a pidfd: a released child is gone in milliseconds, or
  // still importing and killed at the end of a short grace.
  const auto deadline = std::chrono::steady_clock::now() +
                        std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(grace_seconds));
  bool exited = false;
  while (true) {
    siginfo_t info{};
    if (::waitid(P_PID, static_cast<id_t>(h.pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == h.pid) {
      exited = true;
      break;
    }
    if (std::chrono::steady_clock::now() >= deadline) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  // Before reaping, while the group's id is still the child's: whatever it started goes too.
  ::kill(-h.pid, SIGKILL);
  r.killed = !exited;
  int status = 0;
  while (::waitpid(h.pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status)) r.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) r.signal = WTERMSIG(status);
  close_fd(h.out_fd);
  close_fd(h.err_fd);
  return r;
}

}  // namespace runner
