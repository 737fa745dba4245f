#include "runner/capture.h"
#include "core/errno_text.h"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <optional>

#include "runner/concurrent.h"
#include "runner/signal_relay.h"
#include "runner/spawn.h"

namespace runner {

namespace {

// How long output left in the pipes is still read after the child has exited.
constexpr std::chrono::milliseconds kDrainAfterExit{500};

struct Pipe {
  int r = -1;
  int w = -1;
  ~Pipe() {
    if (r >= 0) ::close(r);
    if (w >= 0) ::close(w);
  }
};

core::Error spawn_error(const std::string& program, int err) {
  return core::make_error(core::ExitCode::env_not_ready, "runner.spawn_failed").with("program", program).with_detail(core::errno_text(err));
}

}  // namespace

std::optional<std::string> find_program(const std::string& name) {
  if (name.empty()) return std::nullopt;
  if (name.find('/') != std::string::npos) {
    if (::access(name.c_str(), X_OK) == 0) return name;
    return std::nullopt;
  }
  const char* path = std::getenv("PATH");
  std::string p = path != nullptr ? path : "/usr/local/bin:/usr/bin:/bin";
  std::size_t start = 0;
  while (start <= p.size()) {
    auto colon = p.find(':', start);
    std::string dir = p.substr(start, colon == std::string::npos ? std::string::npos : colon - start);
    if (dir.empty()) dir = ".";
    std::string cand = dir + "/" + name;
    std::error_code ec;
    if (::access(cand.c_str(), X_OK) == 0 && !std::filesystem::is_directory(cand, ec)) return cand;
    if (colon == std::string::npos) break;
    start = colon + 1;
  }
  return std::nullopt;
}

core::Result<CaptureResult> capture(const CommandSpec& spec, double timeout_seconds, std::size_t max_output_bytes, bool interruptible) {
  if (spec.argv.empty()) return spawn_error("", EINVAL);
  auto program = find_program(spec.argv[0]);
  if (!program) return spawn_error(spec.argv[0], ENOENT);

  Pipe out_pipe;
  Pipe err_pipe;
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) return spawn_error(*program, errno);
  out_pipe.r = fds[0];
  out_pipe.w = fds[1];
  if (::pipe2(fds, O_CLOEXEC) != 0) return spawn_error(*program, errno);
  err_pipe.r = fds[0];
  err_pipe.w = fds[1];

  // Before the child exists, so that a stop signal at any moment reaches the loop below.
  // Inside run_together its one relay serves every capture: they poll its shared stop.
  std::optional<SignalRelay> relay;
  const int shared_fd = interruptible ? shared_stop_fd() : -1;
  if (interruptible && shared_fd < 0) relay.emplace();
  auto start = std::chrono::steady_clock::now();
  pid_t pid = -1;
  int rc = spawn_in_own_group(*program, spec, out_pipe.w, err_pipe.w, &pid);
  if (rc != 0) return spawn_error(*program, rc);
  ::close(out_pipe.w);
  out_pipe.w = -1;
  ::close(err_pipe.w);
  err_pipe.w = -1;

  CaptureResult result;
  auto deadline = start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(timeout_seconds));
  // The deadline holds until the child itself has exited, not until its pipes close: a child
  // that closes stdout and stderr and keeps running is still timed out. Once it has exited,
  // output still in the pipes is drained for a moment; a background process it left holding
  // them is killed with its group, and the child's own exit status is what is reported.
  int pidfd = static_cast<int>(::syscall(SYS_pidfd_open, pid, 0));
  bool out_open = true;
  bool err_open = true;
  bool reaped = false;
  int status = 0;
  std::optional<std::chrono::steady_clock::time_point> drain_until;
  char buf[1 << 16];
  auto reap_nowait = [&] {
    if (reaped) return;
    pid_t w = ::waitpid(pid, &status, WNOHANG);
    if (w == pid) reaped = true;
  };
  while (true) {
    reap_nowait();
    if (reaped && !drain_until) drain_until = std::chrono::steady_clock::now() + kDrainAfterExit;
    if (reaped && !out_open && !err_open) break;
    auto now = std::chrono::steady_clock::now();
    if (!reaped && now >= deadline) {
      result.timed_out = true;
      ::kill(-pid, SIGKILL);
      break;
    }
    if (drain_until && now >= *drain_until) {
      result.left_background = out_open || err_open;
      ::kill(-pid, SIGKILL);  // only what is left of the group: the child is already reaped
      break;
    }
    auto until = drain_until ? *drain_until : deadline;
    int wait_ms = static_cast<int>(std::chrono::duration_cast<std::chrono::milliseconds>(until - now).count()) + 1;
    if (pidfd < 0 && !reaped && wait_ms > 50) wait_ms = 50;  // no pidfd: look at the child now and then
    pollfd pfds[5];
    int n = 0;
    int out_i = -1, err_i = -1, pid_i = -1, sig_i = -1, shared_i = -1;
    if (out_open) {
      out_i = n;
      pfds[n++] = {out_pipe.r, POLLIN, 0};
    }
    if (err_open) {
      err_i = n;
      pfds[n++] = {err_pipe.r, POLLIN, 0};
    }
    if (pidfd >= 0 && !reaped) {
      pid_i = n;
      pfds[n++] = {pidfd, POLLIN, 0};
    }
    if (relay && relay->ok()) {
      sig_i = n;
      pfds[n++] = {relay->fd(), POLLIN, 0};
    }
    if (shared_fd >= 0) {
      shared_i = n;
      pfds[n++] = {shared_fd, POLLIN, 0};
    }
    int pr = ::poll(pfds, static_cast<nfds_t>(n), wait_ms);
    if (pr < 0) {
      if (errno == EINTR) continue;
      break;
    }
    std::optional<int> stop_signal;
    if (sig_i >= 0 && (pfds[sig_i].revents & POLLIN) != 0) stop_signal = relay->take();
    if (shared_i >= 0 && (pfds[shared_i].revents & POLLIN) != 0) stop_signal = shared_stop_signal();
    if (auto sig = stop_signal) {
      // Ctrl-C or SIGTERM while a probe runs: the probe's whole group goes with us.
      ::kill(-pid, SIGKILL);
      if (!reaped) {
        while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        }
      }
      if (pidfd >= 0) ::close(pidfd);
      return core::make_error(core::ExitCode::interrupted, "runner.probe_interrupted")
          .with("program", *program)
          .with("signal", std::to_string(*sig));
    }
    (void)pid_i;  // readable pidfd: the child exited; reap_nowait() takes it at the loop's top
    for (int k : {out_i, err_i}) {
      if (k < 0 || (pfds[k].revents & (POLLIN | POLLHUP | POLLERR)) == 0) continue;
      bool is_out = k == out_i;
      ssize_t got = ::read(pfds[k].fd, buf, sizeof(buf));
      if (got < 0 && errno == EINTR) continue;
      if (got <= 0) {
        (is_out ? out_open : err_open) = false;
        continue;
      }
      std::string& dst = is_out ? result.out : result.err;
      if (dst.size() < max_output_bytes) dst.append(buf, static_cast<std::size_t>(got));
    }
  }
  if (pidfd >= 0) ::close(pidfd);
  if (!reaped) {
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (result.timed_out) return result;
  if (WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) result.signal = WTERMSIG(status);
  return result;
}

}  // namespace runner
