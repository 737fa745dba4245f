#include "runner/capture.h"

#include "runner/spawn.h"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>

#include "runner/spawn.h"

namespace runner {

namespace {

struct Pipe {
  int r = -1;
  int w = -1;
  ~Pipe() {
    if (r >= 0) ::close(r);
    if (w >= 0) ::close(w);
  }
};

core::Error spawn_error(const std::string& program, int err) {
  return core::make_error(core::ExitCode::env_not_ready, "runner.spawn_failed")
      .with("program", program)
      .with_detail(std::strerror(err));
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

core::Result<CaptureResult> capture(const CommandSpec& spec, double timeout_seconds, std::size_t max_output_bytes) {
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

  auto start = std::chrono::steady_clock::now();
  pid_t pid = -1;
  int rc = spawn_in_own_group(*program, spec, out_pipe.w, err_pipe.w, &pid);
  if (rc != 0) return spawn_error(*program, rc);
  ::close(out_pipe.w);
  out_pipe.w = -1;
  ::close(err_pipe.w);
  err_pipe.w = -1;

  CaptureResult result;
  auto deadline = start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                              std::chrono::duration<double>(timeout_seconds));
  bool out_open = true;
  bool err_open = true;
  char buf[1 << 16];
  while (out_open || err_open) {
    auto now = std::chrono::steady_clock::now();
    if (now >= deadline) {
      result.timed_out = true;
      ::kill(-pid, SIGKILL);
      break;
    }
    int wait_ms = static_cast<int>(std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now).count()) + 1;
    pollfd pfds[2];
    int n = 0;
    if (out_open) pfds[n++] = {out_pipe.r, POLLIN, 0};
    if (err_open) pfds[n++] = {err_pipe.r, POLLIN, 0};
    int pr = ::poll(pfds, static_cast<nfds_t>(n), wait_ms);
    if (pr < 0) {
      if (errno == EINTR) continue;
      break;
    }
    for (int i = 0; i < n; ++i) {
      if ((pfds[i].revents & (POLLIN | POLLHUP | POLLERR)) == 0) continue;
      bool is_out = pfds[i].fd == out_pipe.r;
      ssize_t got = ::read(pfds[i].fd, buf, sizeof(buf));
      if (got < 0 && errno == EINTR) continue;
      if (got <= 0) {
        (is_out ? out_open : err_open) = false;
        continue;
      }
      std::string& dst = is_out ? result.out : result.err;
      if (dst.size() < max_output_bytes) dst.append(buf, static_cast<std::size_t>(got));
    }
  }
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) result.signal = WTERMSIG(status);
  return result;
}

}  // namespace runner
