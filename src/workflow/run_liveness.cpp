#include "workflow/run_liveness.h"

#include <charconv>
#include <ctime>
#include <sstream>
#include <unistd.h>
#include <vector>

#include "artifacts/run_manifest.h"
#include "core/fs.h"
#include "core/messages.h"

namespace workflow {

namespace {

// A pid whose process started this long after the recorded start is a different process.
constexpr std::int64_t kStartToleranceSeconds = 10;

std::string read_trimmed(const core::fs::path& p) {
  auto text = core::read_file(p);
  if (!text) return "";
  std::string s = *text;
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  return s;
}

template <typename T>
std::optional<T> to_number(std::string_view s) {
  T v{};
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size()) return std::nullopt;
  return v;
}

std::optional<std::int64_t> boot_time_epoch() {
  std::istringstream in(read_trimmed("/proc/stat"));
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("btime ", 0) == 0) return to_number<std::int64_t>(std::string_view(line).substr(6));
  }
  return std::nullopt;
}

std::optional<std::int64_t> parse_utc(const std::string& iso) {
  std::tm tm{};
  std::istringstream in(iso);
  char sep = 0;
  in >> tm.tm_year >> sep >> tm.tm_mon >> sep >> tm.tm_mday >> sep >> tm.tm_hour >> sep >> tm.tm_min >> sep >> tm.tm_sec;
  if (in.fail()) return std::nullopt;
  tm.tm_year -= 1900;
  tm.tm_mon -= 1;
  return static_cast<std::int64_t>(::timegm(&tm));
}

RunPhase phase_from(const std::string& s) {
  if (s == "running") return RunPhase::running;
  if (s == "interrupted") return RunPhase::interrupted;
  if (s == "succeeded") return RunPhase::succeeded;
  if (s == "failed") return RunPhase::failed;
  return RunPhase::none;
}

}  // namespace

std::optional<ProcessIdentity> process_identity(std::int64_t pid) {
  if (pid <= 0) return std::nullopt;
  std::string stat = read_trimmed("/proc/" + std::to_string(pid) + "/stat");
  // "pid (comm) S ppid ..." - comm may hold spaces and parentheses; fields resume after the last ')'.
  auto close = stat.rfind(')');
  if (close == std::string::npos) return std::nullopt;
  std::istringstream in(stat.substr(close + 1));
  std::string field;
  std::vector<std::string> fields;
  while (in >> field) fields.push_back(field);
  // fields[0] is field 3 (state); starttime is field 22 -> fields[19].
  if (fields.size() < 20 || fields[0] == "Z" || fields[0] == "X") return std::nullopt;
  auto ticks = to_number<std::uint64_t>(fields[19]);
  if (!ticks) return std::nullopt;
  ProcessIdentity id;
  id.pid = pid;
  id.start_ticks = *ticks;
  id.boot_id = read_trimmed("/proc/sys/kernel/random/boot_id");
  return id;
}

ProcessIdentity current_process_identity() {
  auto id = process_identity(static_cast<std::int64_t>(::getpid()));
  return id.value_or(ProcessIdentity{static_cast<std::int64_t>(::getpid()), 0, ""});
}

std::string_view run_phase_name(RunPhase p) {
  switch (p) {
    case RunPhase::none:
      return "none";
    case RunPhase::running:
      return "running";
    case RunPhase::interrupted:
      return "interrupted";
    case RunPhase::succeeded:
      return "succeeded";
    case RunPhase::failed:
      return "failed";
  }
  return "none";
}

namespace {

// The evaluator of the run's own evaluation while it lives: the run step records its process
// (evaluation.process) when it starts and replaces the in-progress record when it ends.
std::optional<std::int64_t> live_evaluator(const core::Json& manifest) {
  auto ev = artifacts::manifest_evaluation_as_read(manifest);
  if (!ev || ev->reason.id != "evaluate.reason.in_progress" || !ev->process) return std::nullopt;
  const artifacts::EvaluatorProcess& process = *ev->process;
  auto now = process_identity(process.pid);
  if (!now || now->start_ticks != static_cast<std::uint64_t>(process.start_ticks)) return std::nullopt;
  if (process.boot_id && !now->boot_id.empty() && *process.boot_id != now->boot_id) return std::nullopt;
  return process.pid;
}

}  // namespace

RunState assess_run(const core::Json& manifest) {
  RunState st;
  // A field of the wrong type is read as unset: it must not hide the rest of a run that may
  // still be going.
  const std::optional<artifacts::Run> run = artifacts::manifest_run_as_read(manifest);
  if (!run) return st;
  st.recorded = run->status.value_or("");
  st.phase = phase_from(st.recorded);

  auto because = [&st](std::string id, std::vector<core::MessageArg> args) {
    st.reason = core::msg(core::Lang::en, id, args);
    st.reason_id = std::move(id);
    st.reason_args = std::move(args);
  };
  if (st.phase != RunPhase::running) {
    // quark-cli has ended, but the run goes on while its evaluation does: with quark-ptq, or
    // orphaned when quark-ptq was killed (the evaluator then still holds the workdir lock).
    if (auto evaluator = live_evaluator(manifest)) {
      auto pid = run->pid;
      auto owner = pid ? process_identity(*pid) : std::nullopt;
      auto ticks = run->process_start_ticks;
      const bool owner_alive = owner && (!ticks || owner->start_ticks == static_cast<std::uint64_t>(*ticks));
      st.phase = RunPhase::running;
      because(owner_alive ? "workflow.run_reason.evaluating" : "workflow.run_reason.orphaned_evaluator",
              {{"pid", pid ? std::to_string(*pid) : "?"}, {"evaluator", std::to_string(*evaluator)}});
    }
    return st;
  }
  auto interrupted = [&st, &because](std::string id, std::vector<core::MessageArg> args = {}) {
    st.phase = RunPhase::interrupted;
    because(std::move(id), std::move(args));
    return st;
  };
  auto pid = run->pid;
  if (!pid) return interrupted("workflow.run_reason.no_pid");
  // A Slurm job lives in the scheduler, not under quark-ptq, and survives the login node's
  // reboot: while no quark-ptq follows it, the run stays running until a follow records how
  // the job ended (Slurm is asked then, not here).
  if (run->job) {
    auto owner = process_identity(*pid);
    auto ticks = run->process_start_ticks;
    const bool followed = owner && (!ticks || owner->start_ticks == static_cast<std::uint64_t>(*ticks));
    if (!followed) because("workflow.run_reason.job_unfollowed", {{"job", run->job->id}});
    return st;
  }
  const auto& boot_id = run->boot_id;
  std::string current_boot = read_trimmed("/proc/sys/kernel/random/boot_id");
  if (boot_id && !current_boot.empty() && *boot_id != current_boot) return interrupted("workflow.run_reason.rebooted");
  const auto& started = run->started_at;
  auto started_epoch = started ? parse_utc(*started) : std::nullopt;
  auto btime = boot_time_epoch();
  if (started_epoch && btime && *btime > *started_epoch) return interrupted("workflow.run_reason.rebooted");

  auto proc = process_identity(*pid);
  if (!proc) {
    // quark-ptq is gone, but the quark-cli it started may not be (SIGKILL reaches no child):
    // that run is still going, and no second one may start beside it.
    auto child = run->child_pid;
    auto child_ticks = run->child_start_ticks;
    if (child && child_ticks) {
      auto c = process_identity(*child);
      if (c && c->start_ticks == static_cast<std::uint64_t>(*child_ticks)) {
        st.phase = RunPhase::running;
        because("workflow.run_reason.orphaned_child", {{"pid", std::to_string(*pid)}, {"child", std::to_string(*child)}});
        return st;
      }
    }
    return interrupted("workflow.run_reason.gone", {{"pid", std::to_string(*pid)}});
  }
  if (auto ticks = run->process_start_ticks) {
    if (static_cast<std::uint64_t>(*ticks) != proc->start_ticks) {
      return interrupted("workflow.run_reason.pid_reused", {{"pid", std::to_string(*pid)}});
    }
    return st;
  }
  if (started_epoch && btime) {
    long hz = ::sysconf(_SC_CLK_TCK);
    std::int64_t proc_start = *btime + static_cast<std::int64_t>(proc->start_ticks) / (hz > 0 ? hz : 100);
    if (proc_start > *started_epoch + kStartToleranceSeconds) {
      return interrupted("workflow.run_reason.pid_reused", {{"pid", std::to_string(*pid)}});
    }
  }
  return st;
}

}  // namespace workflow
