#include "manifest/run_record.h"
#include "core/errno_text.h"

#include <cmath>
#include <csignal>
#include <cstring>

namespace manifest {

namespace {

double round2(double v) { return std::round(v * 100) / 100; }

}  // namespace

std::string signal_name(int sig) {
  const char* abbrev = ::sigabbrev_np(sig);
  return abbrev != nullptr ? std::string("SIG") + abbrev : std::to_string(sig);
}

std::string run_status(const runner::MonitoredOutcome& out) {
  if (out.interrupted || out.timed_out) return "interrupted";
  if (out.exited_zero()) return "succeeded";
  return "failed";
}

artifacts::Run running_section(const workflow::ProcessIdentity& self, const std::string& started_at, const std::string& approved_digest,
                               const std::string& log_rel) {
  artifacts::Run r;
  r.status = "running";
  r.pid = self.pid;
  r.process_start_ticks = static_cast<std::int64_t>(self.start_ticks);
  r.boot_id = self.boot_id;
  r.started_at = started_at;
  r.approved_digest = approved_digest;
  r.log = log_rel;
  return r;
}

artifacts::Run finished_section(const runner::MonitoredOutcome& out, const std::string& log_rel, const workflow::ProcessIdentity& self,
                                const std::string& approved_digest) {
  artifacts::Run r;
  r.status = run_status(out);
  r.child_pid = out.pid;
  r.started_at = out.started_at;
  r.finished_at = out.finished_at;
  r.seconds = round2(out.wall_seconds);
  if (out.exit_code) r.exit_code = *out.exit_code;
  if (out.signal) r.signal = signal_name(*out.signal);
  r.log = log_rel;
  for (const auto& s : out.stages)
    r.stages.push_back(
        {s.name, s.started_at, round2(s.seconds), s.progress.empty() ? std::nullopt : std::optional<std::string>(s.progress)});
  r.export_done = out.export_done;
  if (out.interrupted || out.timed_out) {
    r.interrupted_by = out.timed_out ? std::string("timeout") : signal_name(out.interrupt_signal);
    r.killed_after_grace = out.killed_after_grace;
  }
  const runner::ResourceSummary& res = out.resources;
  r.peak = artifacts::RunPeak{res.peak_host_used_mib, res.peak_group_rss_mib, res.peak_gpu_used_mib, res.gpu_baseline_mib,
                              res.peak_gpu_own_mib,   res.peak_group_rss_mib, res.host_total_mib,    res.gpu_tool};
  for (const auto& s : res.timeline)
    r.timeline.push_back({std::round(s.t * 10) / 10, s.host_used_mib, s.group_rss_mib, s.gpu_used_mib, s.gpu_own_mib});
  r.monitor = artifacts::RunMonitor{
      std::round(out.monitor_cpu_seconds * 1000) / 1000,
      out.wall_seconds > 0 ? std::round(out.monitor_cpu_seconds / out.wall_seconds * 1e5) / 1e5 : 0.0,
      static_cast<std::int64_t>(res.timeline.size()),
      static_cast<std::int64_t>(out.stdout_bytes),
      static_cast<std::int64_t>(out.stderr_bytes),
  };
  r.perplexity = out.perplexity;
  if (out.log_errno != 0) {
    // The log stops here (disk full?): said, never silently short.
    std::uint64_t total = out.stdout_bytes + out.stderr_bytes;
    r.log_truncated = artifacts::LogTruncation{static_cast<std::int64_t>(out.log_bytes),
                                               static_cast<std::int64_t>(total > out.log_bytes ? total - out.log_bytes : 0),
                                               core::errno_text(out.log_errno)};
  }
  r.pid = self.pid;
  r.process_start_ticks = static_cast<std::int64_t>(self.start_ticks);
  r.boot_id = self.boot_id;
  r.approved_digest = approved_digest;
  return r;
}

void record_job_state(artifacts::SlurmJob& job, const cluster::JobStatus& status, const std::string& now) {
  job.state = std::string(cluster::job_state_name(status.state));
  job.slurm_state = status.raw_state;
  job.reason = status.reason.empty() ? std::nullopt : std::optional<std::string>(status.reason);
  if (status.state == cluster::JobState::running && !job.running_since) job.running_since = now;
}

artifacts::SlurmJob finished_job(artifacts::SlurmJob j, const cluster::JobOutcome& job) {
  j.id = job.job_id;
  j.state = std::string(cluster::job_state_name(job.last.state));
  j.slurm_state = job.last.raw_state;
  j.reason = job.last.reason.empty() ? std::nullopt : std::optional<std::string>(job.last.reason);
  j.exit_code = job.last.exit_code ? std::optional<std::int64_t>(*job.last.exit_code) : std::nullopt;
  j.signal = job.last.signal ? std::optional<std::string>(signal_name(*job.last.signal)) : std::nullopt;
  j.elapsed_seconds = job.last.elapsed_s ? std::optional<std::int64_t>(*job.last.elapsed_s) : std::nullopt;
  j.states_seen = job.states_seen;
  j.cancelled_by_quark_ptq = job.cancelled;
  if (!job.last.cancelled_by.empty()) j.cancelled_by_uid = job.last.cancelled_by;
  const cluster::JobMemoryRecord& m = job.memory;
  j.memory = artifacts::JobMemory{"sstat",
                                  m.samples,
                                  m.unreadable,
                                  m.sstat_max_rss_mib,
                                  m.sacct_max_rss_mib,
                                  m.node.empty() ? std::nullopt : std::optional<std::string>(m.node)};
  return j;
}

artifacts::DiagnosedRun diagnosed_run(const FailedRun& d) {
  artifacts::DiagnosedRun r;
  r.command = {d.command.argv, d.command.display, d.command.digest};
  r.exit_code = d.exit_code;
  r.signal = d.signal ? std::optional<std::string>(signal_name(*d.signal)) : std::nullopt;
  r.stage = d.stage;
  r.torch_version = d.torch_version;
  r.transformers_version = d.transformers_version;
  r.quark_version = d.quark_version;
  r.resources = d.resources;
  return r;
}

}  // namespace manifest
