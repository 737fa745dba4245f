#include "cluster/job_run.h"

#include <cerrno>
#include <chrono>
#include <csignal>

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cluster/sacct.h"
#include "cluster/squeue.h"
#include "cluster/sstat.h"
#include "core/clock.h"
#include "core/text.h"
#include "core/unique_fd.h"
#include "runner/ansi.h"
#include "runner/capture.h"
#include "runner/line_splitter.h"
#include "runner/log_tail.h"
#include "runner/run_log.h"
#include "runner/concurrent.h"
#include "runner/signal_relay.h"

namespace cluster {

namespace {

using Clock = std::chrono::steady_clock;

constexpr double kClientTimeoutSeconds = 60;

// A Slurm client run (short, no shell). The relay owns the signals while following, so the
// capture must not take them.
std::optional<runner::CaptureResult> client(std::vector<std::string> argv) {
  auto r = runner::capture(runner::CommandSpec{std::move(argv), {}, {}, {}}, kClientTimeoutSeconds, 1u << 20, false);
  if (!r) return std::nullopt;
  return std::move(*r);
}

// Reads what the job's output file gained since the last call. Slurm creates the file when
// the job starts and truncates it if it runs again (a requeue): a file that shrank or was
// replaced is read from its start.
class OutputReader {
 public:
  explicit OutputReader(std::filesystem::path path) : m_path(std::move(path)) {}

  std::string read_new() {
    core::UniqueFd fd(::open(m_path.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK));
    if (fd.get() < 0) return {};
    struct stat st {};
    if (::fstat(fd.get(), &st) != 0 || !S_ISREG(st.st_mode)) return {};
    if (st.st_ino != m_inode || st.st_dev != m_dev || static_cast<std::uint64_t>(st.st_size) < m_offset) {
      m_inode = st.st_ino;
      m_dev = st.st_dev;
      m_offset = 0;
    }
    std::string out;
    char buf[1 << 16];
    for (;;) {
      ssize_t n = ::pread(fd.get(), buf, sizeof buf, static_cast<off_t>(m_offset));
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      out.append(buf, static_cast<std::size_t>(n));
      m_offset += static_cast<std::uint64_t>(n);
      if (out.size() > (8u << 20)) break;  // the rest on the next call
    }
    return out;
  }

 private:
  std::filesystem::path m_path;
  ino_t m_inode = 0;
  dev_t m_dev = 0;
  std::uint64_t m_offset = 0;
};

bool same_report(const JobStatus& a, const JobStatus& b) {
  return a.state == b.state && a.reason == b.reason && a.raw_state == b.raw_state;
}

}  // namespace

InterruptAnswer default_interrupt_answer(int signal) { return signal == SIGHUP ? InterruptAnswer::detach : InterruptAnswer::cancel; }

core::Result<SubmittedJob> submit_job(const std::vector<std::string>& sbatch_argv, double timeout_seconds) {
  QPTQ_TRY_ASSIGN(runner::CaptureResult r, runner::capture(runner::CommandSpec{sbatch_argv, {}, {}, {}}, timeout_seconds));
  if (!r.ok()) {
    std::string words(core::trim(r.err.empty() ? r.out : r.err));
    if (words.size() > 2000) words.resize(2000);
    return core::make_error(core::ExitCode::run_failed, "cluster.sbatch_failed")
        .with("status", r.exit_code ? std::to_string(*r.exit_code) : std::string(r.timed_out ? "timed out" : "killed"))
        .with_detail(words);
  }
  return parse_sbatch_parsable(r.out);
}

std::optional<JobStatus> query_job(const std::string& job_id, const JobClients& clients) {
  if (auto q = client(squeue_argv(job_id, clients.squeue)); q && q->ok()) {
    if (auto s = parse_squeue(q->out, job_id)) return s;
  }
  for (SacctSource source : {SacctSource::database, SacctSource::completion_log}) {
    if (auto a = client(sacct_argv(job_id, source, clients.sacct)); a && a->ok()) {
      if (auto s = parse_sacct(a->out, job_id)) return s;
    }
  }
  return std::nullopt;
}

core::Result<void> cancel_job(const std::string& job_id, const JobClients& clients) {
  auto r = client({clients.scancel, job_id});
  if (!r || !r->ok()) {
    return core::make_error(core::ExitCode::run_failed, "cluster.scancel_failed").with("job", job_id).with_detail(r ? r->err : "");
  }
  return {};
}

core::Result<JobOutcome> follow_job(const std::string& job_id, const JobClients& clients, const JobFollowOptions& options,
                                    JobObserver* observer) {
  QPTQ_TRY_ASSIGN(runner::LogWatch watch, runner::LogWatch::from_knowledge());
  QPTQ_TRY_ASSIGN(int created_log, runner::create_log_file(options.log_path));
  core::UniqueFd log_fd(created_log);
  // Inside runner::run_together (a comparison's jobs followed side by side) its one relay
  // serves every job: each polls the shared stop instead of owning the signals.
  std::optional<runner::SignalRelay> relay;
  const int shared_fd = runner::shared_stop_fd();
  bool shared_seen = false;
  if (shared_fd < 0) relay.emplace();

  JobOutcome out;
  out.job_id = job_id;
  out.last.job_id = job_id;
  runner::MonitoredOutcome& run = out.run;
  run.started_at = core::now_utc_iso8601();
  const auto start = Clock::now();
  auto since_start = [&start] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  auto seconds = [](double s) { return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s)); };

  runner::CleanEcho echo(options.echo_style);
  runner::LineSplitter lines([&](std::string_view raw, bool cr) {
    std::string line = runner::strip_ansi(raw);
    if (watch.feed(line, cr, since_start(), core::now_utc_iso8601()) && observer != nullptr) observer->on_stage(watch.stages().back());
    if (cr) return;
    runner::append_tail_line(run.log_tail, line, options.tail_bytes);
  });
  OutputReader reader(options.output_path);
  auto take_output = [&] {
    std::string bytes = reader.read_new();
    if (bytes.empty()) return;
    (void)core::write_all(log_fd.get(), bytes);
    run.log_bytes += bytes.size();
    run.stdout_bytes += bytes.size();
    if (options.echo_fd >= 0) (void)core::write_all(options.echo_fd, echo.feed(bytes));
    lines.feed(bytes);
  };

  // The batch step's memory, on the job's own clock (Slurm's elapsed time when it was first
  // seen running, then this host's), so that a job followed again keeps its times.
  JobMemory memory;
  std::optional<double> run_clock_offset;
  auto sample_memory = [&](const JobStatus& s) {
    if (s.state != JobState::running) return;
    auto q = client(sstat_argv(job_id, clients.sstat));
    if (!q || !q->ok()) return;
    auto step = parse_sstat(q->out, job_id);
    if (!step) return;
    if (!run_clock_offset) run_clock_offset = static_cast<double>(s.elapsed_s.value_or(0)) - since_start();
    memory.add_sample(since_start() + *run_clock_offset, *step);
  };

  std::optional<JobStatus> reported;
  auto last_answer = Clock::now();
  std::optional<Clock::time_point> cancel_deadline;
  std::optional<Clock::time_point> next_progress;
  if (options.progress_interval > 0 && observer != nullptr) next_progress = start + seconds(options.progress_interval);
  bool switch_seen = false;
  const int switch_fd = options.stop != nullptr ? options.stop->fd() : -1;

  auto handle_stop = [&](int sig) {
    InterruptAnswer a = observer != nullptr ? observer->on_interrupt(sig) : default_interrupt_answer(sig);
    if (a == InterruptAnswer::keep_following) return;
    out.interrupt_signal = sig;
    if (a == InterruptAnswer::detach) {
      out.detached = true;
      return;
    }
    if (out.cancelled) return;
    out.cancelled = true;
    if (observer != nullptr) observer->on_cancel_requested();
    (void)cancel_job(job_id, clients);  // what Slurm then says is the record
    cancel_deadline = Clock::now() + seconds(options.cancel_wait_seconds);
  };

  for (;;) {
    take_output();
    if (auto s = query_job(job_id, clients)) {
      last_answer = Clock::now();
      out.last = *s;
      if (!reported || !same_report(*reported, *s)) {
        std::string name(job_state_name(s->state));
        if (out.states_seen.empty() || out.states_seen.back() != name) out.states_seen.push_back(name);
        if (observer != nullptr) observer->on_state(*s);
        reported = *s;
      }
      if (is_final(s->state)) break;
      sample_memory(*s);
    } else if (Clock::now() - last_answer > seconds(options.unreachable_seconds)) {
      out.lost = true;
      out.detached = true;
      break;
    }
    if (out.detached) break;
    if (cancel_deadline && Clock::now() > *cancel_deadline) break;
    if (next_progress && Clock::now() >= *next_progress) {
      runner::LiveProgress p;
      p.stage = watch.current_stage();
      if (const auto& bar = watch.latest_progress()) {
        p.percent = bar->percent;
        p.position = bar->position;
      }
      p.elapsed_seconds = since_start();
      observer->on_progress(p);
      next_progress = Clock::now() + seconds(options.progress_interval);
    }

    struct pollfd fds[3];
    nfds_t n = 0;
    if (relay && relay->ok()) fds[n++] = {relay->fd(), POLLIN, 0};
    if (switch_fd >= 0 && !switch_seen) fds[n++] = {switch_fd, POLLIN, 0};
    if (shared_fd >= 0 && !shared_seen) fds[n++] = {shared_fd, POLLIN, 0};
    int rc = ::poll(fds, n, static_cast<int>(options.poll_seconds * 1000));
    if (rc < 0 && errno != EINTR) break;
    while (relay) {
      auto sig = relay->take();
      if (!sig) break;
      handle_stop(*sig);
      if (out.detached) break;
    }
    if (!out.detached && !shared_seen && shared_fd >= 0) {
      if (auto sig = runner::shared_stop_signal()) {
        // Readable from the first stop on and never drained: acted on once.
        shared_seen = true;
        handle_stop(*sig);
      }
    }
    if (!out.detached && !switch_seen && options.stop != nullptr) {
      if (auto sig = options.stop->requested()) {
        switch_seen = true;
        handle_stop(*sig);
      }
    }
    if (out.detached) break;
  }

  // The output's last lines: Slurm writes them before it reports the end, but a shared
  // filesystem may show them a moment later.
  take_output();
  if (!out.detached && is_final(out.last.state)) {
    ::usleep(200 * 1000);
    take_output();
  }
  lines.finish();
  if (options.echo_fd >= 0) (void)core::write_all(options.echo_fd, echo.finish());
  // Accounting's MaxRSS covers the whole run, also what the samples missed; a cluster without
  // slurmdbd has none.
  if (!out.detached && is_final(out.last.state)) {
    if (auto a = client(sacct_memory_argv(job_id, clients.sacct)); a && a->ok()) {
      if (auto step = parse_sacct_memory(a->out, job_id)) memory.add_accounted(*step);
    }
  }
  run.resources = memory.summary();
  out.memory = memory.record();

  run.finished_at = core::now_utc_iso8601();
  // Slurm's run time (without the time in the queue); it counts whole seconds, so a job of
  // less than one reads 0: then the time seen from here.
  run.wall_seconds = out.last.elapsed_s && *out.last.elapsed_s > 0 ? static_cast<double>(*out.last.elapsed_s) : since_start();
  watch.finish(run.wall_seconds);
  run.stages = watch.stages();
  run.export_done = watch.export_done();
  run.perplexity = watch.perplexity();
  // The batch script's status counts only when Slurm says the script ended by itself: a job
  // ended by its time limit, the OOM killer, a node failure or a preemption can read "0:0",
  // which is no success. The state is the record of those (JobOutcome::last).
  if (out.last.state == JobState::completed || out.last.state == JobState::failed) {
    run.exit_code = out.last.exit_code;
    run.signal = out.last.signal;
  } else if (out.last.signal && *out.last.signal != 0) {
    run.signal = out.last.signal;
  }
  run.interrupted = out.cancelled;
  run.interrupt_signal = out.interrupt_signal;
  return out;
}

}  // namespace cluster
