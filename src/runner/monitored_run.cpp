#include "runner/monitored_run.h"
#include "core/errno_text.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <functional>

#include "core/clock.h"
#include "core/unique_fd.h"
#include "runner/ansi.h"
#include "runner/capture.h"
#include "runner/line_splitter.h"
#include "runner/log_tail.h"
#include "runner/run_log.h"
#include "runner/concurrent.h"
#include "runner/signal_relay.h"
#include "runner/spawn.h"

namespace runner {

namespace {

using Clock = std::chrono::steady_clock;

double self_cpu_seconds() {
  rusage ru{};
  ::getrusage(RUSAGE_SELF, &ru);
  return static_cast<double>(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
         static_cast<double>(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

core::Error start_error(const std::string& id, const std::string& what, int err) {
  return core::make_error(core::ExitCode::run_failed, id).with("program", what).with("path", what).with_detail(core::errno_text(err));
}

// A file size limit (RLIMIT_FSIZE) makes a write past it fail with EFBIG instead of killing
// quark-ptq with SIGXFSZ, so a full log is recorded, not a dead monitor. The child gets the
// default back (spawn.cpp).
class IgnoreFileSizeSignal {
 public:
  IgnoreFileSizeSignal() { m_old = std::signal(SIGXFSZ, SIG_IGN); }
  ~IgnoreFileSizeSignal() {
    if (m_old != SIG_ERR) std::signal(SIGXFSZ, m_old);
  }
  IgnoreFileSizeSignal(const IgnoreFileSizeSignal&) = delete;
  IgnoreFileSizeSignal& operator=(const IgnoreFileSizeSignal&) = delete;

 private:
  void (*m_old)(int) = SIG_ERR;
};

int poll_timeout_ms(Clock::time_point now, std::initializer_list<std::optional<Clock::time_point>> deadlines) {
  std::optional<Clock::time_point> first;
  for (const auto& d : deadlines) {
    if (d && (!first || *d < *first)) first = d;
  }
  if (!first) return -1;
  auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(*first - now).count() + 1;
  return ms < 0 ? 0 : static_cast<int>(ms);
}

}  // namespace

namespace {

// The child being followed and the read ends of its stdout and stderr, which follow() owns.
struct Followed {
  pid_t pid = -1;
  int out_fd = -1;
  int err_fd = -1;
};

// Gets the child going once the log, the signal relay and the sampler exist: spawns it, or
// opens a waiting child's gate.
using ChildStarter = std::function<core::Result<Followed>()>;

core::Result<MonitoredOutcome> follow(const ChildStarter& start_child, const MonitorOptions& options, MonitorObserver* observer) {
  QPTQ_TRY_ASSIGN(LogWatch watch, LogWatch::from_knowledge());

  QPTQ_TRY_ASSIGN(int created_log, create_log_file(options.log_path));
  core::UniqueFd log_fd(created_log);
  IgnoreFileSizeSignal no_sigxfsz;

  // The relay exists before the child goes so that a Ctrl-C at any moment is forwarded. Inside
  // run_together (runs side by side) its one relay serves every run: they poll its shared stop.
  std::optional<SignalRelay> relay;
  const int shared_fd = shared_stop_fd();
  bool shared_seen = false;
  if (shared_fd < 0) relay.emplace();
  ResourceSampler sampler(options.sample_gpu ? GpuMemoryProbe::detect() : GpuMemoryProbe(GpuTool::none), options.host_sample_interval,
                          options.gpu_sample_interval);
  sampler.take_baseline();

  MonitoredOutcome out;
  const double cpu_before = self_cpu_seconds();
  const auto start = Clock::now();
  out.started_at = core::now_utc_iso8601();
  QPTQ_TRY_ASSIGN(Followed child, start_child());
  const pid_t pid = child.pid;
  core::UniqueFd out_r(child.out_fd);
  core::UniqueFd err_r(child.err_fd);
  out.pid = pid;
  sampler.start(pid);
  core::UniqueFd pidfd(static_cast<int>(::syscall(SYS_pidfd_open, pid, 0)));
  if (observer != nullptr) observer->on_started(pid);

  int echo_out = options.echo_stdout_fd;
  int echo_err = options.echo_stderr_fd;
  CleanEcho out_echo(options.echo_stdout_style);
  CleanEcho err_echo(options.echo_stderr_style);
  auto since_start = [&start] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  bool stage_began = false;
  auto on_line = [&](std::string_view raw, bool cr) {
    std::string line = strip_ansi(raw);
    if (watch.feed(line, cr, since_start(), core::now_utc_iso8601()) && observer != nullptr) {
      observer->on_stage(watch.stages().back());
      stage_began = true;
    }
    if (cr) return;
    append_tail_line(out.log_tail, line, options.tail_bytes);
  };
  LineSplitter out_lines([&](std::string_view l, bool cr) { on_line(l, cr); });
  LineSplitter err_lines([&](std::string_view l, bool cr) { on_line(l, cr); });

  std::optional<Clock::time_point> kill_deadline;
  std::optional<Clock::time_point> drain_deadline;
  std::optional<Clock::time_point> timeout_deadline;
  if (options.timeout_seconds > 0) {
    timeout_deadline = start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(options.timeout_seconds));
  }
  const auto grace = std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(options.stop_grace_seconds));
  bool stop_requested = false;
  bool child_exited = false;
  bool switch_seen = false;  // the StopSwitch's request was taken (it fires once)
  const int switch_fd = options.stop != nullptr ? options.stop->fd() : -1;
  std::optional<Clock::time_point> progress_deadline;
  const auto progress_every = std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(options.progress_interval));
  if (options.progress_interval > 0 && observer != nullptr) progress_deadline = start + progress_every;
  auto report_progress = [&] {
    if (observer == nullptr) return;
    LiveProgress p;
    p.stage = watch.current_stage();
    if (const auto& bar = watch.latest_progress()) {
      p.percent = bar->percent;
      p.position = bar->position;
    }
    p.elapsed_seconds = since_start();
    p.memory = sampler.latest();
    observer->on_progress(p);
  };
  auto request_stop = [&](int sig) {
    if (!stop_requested) {
      stop_requested = true;
      ::kill(-pid, sig);
      kill_deadline = Clock::now() + grace;
      if (observer != nullptr) observer->on_stop_requested(sig);
    } else if (!out.killed_after_grace) {
      // A second Ctrl-C does not wait for the grace period.
      ::kill(-pid, SIGKILL);
      out.killed_after_grace = true;
    }
  };

  char buf[1 << 16];
  bool out_open = true;
  bool err_open = true;
  while (out_open || err_open || !child_exited) {
    auto now = Clock::now();
    std::optional<Clock::time_point> tick;
    if ((pidfd.get() < 0 && !child_exited) || (options.stop != nullptr && switch_fd < 0 && !switch_seen))
      tick = now + std::chrono::milliseconds(200);
    pollfd pfds[6];
    nfds_t n = 0;
    if (out_open) pfds[n++] = {out_r.get(), POLLIN, 0};
    if (err_open) pfds[n++] = {err_r.get(), POLLIN, 0};
    if (relay && relay->ok()) pfds[n++] = {relay->fd(), POLLIN, 0};
    if (shared_fd >= 0 && !shared_seen) pfds[n++] = {shared_fd, POLLIN, 0};
    if (pidfd.get() >= 0 && !child_exited) pfds[n++] = {pidfd.get(), POLLIN, 0};
    if (switch_fd >= 0 && !switch_seen) pfds[n++] = {switch_fd, POLLIN, 0};
    int pr = ::poll(pfds, n, poll_timeout_ms(now, {kill_deadline, drain_deadline, timeout_deadline, tick, progress_deadline}));
    if (pr < 0 && errno != EINTR) break;
    for (nfds_t i = 0; pr > 0 && i < n; ++i) {
      if ((pfds[i].revents & (POLLIN | POLLHUP | POLLERR)) == 0) continue;
      int fd = pfds[i].fd;
      if (relay && fd == relay->fd()) {
        while (auto sig = relay->take()) {
          out.interrupted = true;
          if (out.interrupt_signal == 0) out.interrupt_signal = *sig;
          if (!child_exited) request_stop(*sig);
        }
        continue;
      }
      if (fd == shared_fd) {
        // Readable from the first stop on and never drained: acted on once.
        shared_seen = true;
        const int sig = shared_stop_signal().value_or(SIGINT);
        out.interrupted = true;
        if (out.interrupt_signal == 0) out.interrupt_signal = sig;
        if (!child_exited) request_stop(sig);
        continue;
      }
      if (fd == pidfd.get() || fd == switch_fd) continue;  // checked below
      bool is_out = fd == out_r.get();
      ssize_t got = ::read(fd, buf, sizeof(buf));
      if (got < 0 && (errno == EINTR || errno == EAGAIN)) continue;
      if (got <= 0) {
        (is_out ? out_open : err_open) = false;
        continue;
      }
      auto len = static_cast<std::size_t>(got);
      (is_out ? out.stdout_bytes : out.stderr_bytes) += len;
      if (out.log_errno == 0 && !core::write_all(log_fd.get(), std::string_view(buf, len), &out.log_bytes))
        out.log_errno = errno != 0 ? errno : EIO;
      int& echo = is_out ? echo_out : echo_err;
      if (echo >= 0) {
        std::string shown = (is_out ? out_echo : err_echo).feed(std::string_view(buf, len));
        if (!shown.empty() && !core::write_all(echo, shown)) echo = -1;
      }
      (is_out ? out_lines : err_lines).feed(std::string_view(buf, len));
    }
    now = Clock::now();
    if (options.stop != nullptr && !switch_seen) {
      if (auto sig = options.stop->requested()) {
        // Exactly what a Ctrl-C to quark-ptq does (the relay above).
        switch_seen = true;
        out.interrupted = true;
        if (out.interrupt_signal == 0) out.interrupt_signal = *sig;
        if (!child_exited) request_stop(*sig);
      }
    }
    // A stage's beginning is reported at once; the ticks keep their own rhythm.
    const bool progress_due = progress_deadline && now >= *progress_deadline;
    if (progress_due) progress_deadline = now + progress_every;
    if (stage_began || (progress_due && !child_exited)) report_progress();
    stage_began = false;
    if (!child_exited) {
      siginfo_t info{};
      if (::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == pid) {
        child_exited = true;
        // Whatever still holds the pipes (a grandchild) gets a short while to finish.
        drain_deadline = now + std::chrono::seconds(2);
      }
    }
    if (timeout_deadline && now >= *timeout_deadline && !child_exited && !stop_requested) {
      out.timed_out = true;
      timeout_deadline.reset();
      request_stop(SIGTERM);
    }
    if (kill_deadline && now >= *kill_deadline) {
      kill_deadline.reset();
      if (!child_exited) {
        ::kill(-pid, SIGKILL);
        out.killed_after_grace = true;
      }
    }
    if (drain_deadline && now >= *drain_deadline) {
      if (stop_requested) ::kill(-pid, SIGKILL);
      break;
    }
  }
  out_lines.finish();
  err_lines.finish();
  for (auto [fd, echo] : {std::pair<int, CleanEcho*>{echo_out, &out_echo}, {echo_err, &err_echo}}) {
    std::string rest = echo->finish();
    if (fd >= 0 && !rest.empty()) (void)core::write_all(fd, rest);
  }

  // Stop the sampler before reaping, so that the child's CPU time is not counted as ours.
  out.resources = sampler.stop();
  out.monitor_cpu_seconds = self_cpu_seconds() - cpu_before + out.resources.sampler_cpu_seconds;
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status)) out.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) out.signal = WTERMSIG(status);
  out.wall_seconds = std::chrono::duration<double>(Clock::now() - start).count();
  out.finished_at = core::now_utc_iso8601();
  watch.finish(out.wall_seconds);
  out.stages = watch.stages();
  out.export_done = watch.export_done();
  out.perplexity = watch.perplexity();
  // Anything that arrived on the relay after the loop still counts as an interruption.
  while (relay) {
    auto sig = relay->take();
    if (!sig) break;
    out.interrupted = true;
    if (out.interrupt_signal == 0) out.interrupt_signal = *sig;
  }
  if (auto sig = shared_stop_signal(); sig && shared_fd >= 0) {
    out.interrupted = true;
    if (out.interrupt_signal == 0) out.interrupt_signal = *sig;
  }
  return out;
}

}  // namespace

core::Result<MonitoredOutcome> run_monitored(const CommandSpec& spec, const MonitorOptions& options, MonitorObserver* observer) {
  if (spec.argv.empty()) return start_error("runner.spawn_failed", "", EINVAL);
  auto program = find_program(spec.argv[0]);
  if (!program) return start_error("runner.spawn_failed", spec.argv[0], ENOENT);
  auto spawn = [&]() -> core::Result<Followed> {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) return start_error("runner.spawn_failed", *program, errno);
    core::UniqueFd out_r(fds[0]);
    core::UniqueFd out_w(fds[1]);
    if (::pipe2(fds, O_CLOEXEC) != 0) return start_error("runner.spawn_failed", *program, errno);
    core::UniqueFd err_r(fds[0]);
    core::UniqueFd err_w(fds[1]);
    Followed child;
    int rc = spawn_in_own_group(*program, spec, out_w.get(), err_w.get(), &child.pid);
    if (rc != 0) return start_error("runner.spawn_failed", *program, rc);
    child.out_fd = out_r.release();
    child.err_fd = err_r.release();
    return child;
  };
  return follow(spawn, options, observer);
}

core::Result<MonitoredOutcome> run_monitored(WaitingChild child, std::string_view go, const MonitorOptions& options,
                                             MonitorObserver* observer) {
  if (!child.holds()) return start_error("runner.spawn_failed", child.program(), ESRCH);
  auto open_gate = [&]() -> core::Result<Followed> {
    WaitingHandles h = child.hand_over();
    core::UniqueFd gate(h.gate_fd);
    // The line fits the empty pipe, so the write never waits for the child; a child that is gone
    // (EPIPE, with SIGPIPE ignored by the relay) is followed to its reaping like any other.
    ::fcntl(gate.get(), F_SETFL, O_NONBLOCK);
    (void)core::write_all(gate.get(), go);
    gate.reset();
    Followed f;
    f.pid = h.pid;
    f.out_fd = h.out_fd;
    f.err_fd = h.err_fd;
    return f;
  };
  return follow(open_gate, options, observer);
}

}  // namespace runner
