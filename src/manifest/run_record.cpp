#include "manifest/run_record.h"
#include "core/errno_text.h"

#include <cmath>
#include <csignal>
#include <cstring>

namespace manifest {

namespace {

double round2(double v) { return std::round(v * 100) / 100; }

core::Json optional_json(const std::optional<int>& v) { return v ? core::Json(*v) : core::Json(nullptr); }

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

core::Json stages_json(const std::vector<runner::StageRecord>& stages) {
  core::Json arr = core::Json::array();
  for (const auto& s : stages) {
    core::Json item = {{"name", s.name}, {"started_at", s.started_at}, {"seconds", round2(s.seconds)}};
    if (!s.progress.empty()) item["progress"] = s.progress;
    arr.push_back(item);
  }
  return arr;
}

core::Json running_section(const workflow::ProcessIdentity& self, const std::string& started_at, const std::string& approved_digest,
                           const std::string& log_rel) {
  return {{"status", "running"},     {"pid", self.pid},          {"process_start_ticks", self.start_ticks},
          {"boot_id", self.boot_id}, {"started_at", started_at}, {"approved_digest", approved_digest},
          {"log", log_rel}};
}

core::Json finished_section(const runner::MonitoredOutcome& out, const std::string& log_rel, const workflow::ProcessIdentity& self,
                            const std::string& approved_digest) {
  core::Json r = {{"status", run_status(out)},
                  {"child_pid", out.pid},
                  {"started_at", out.started_at},
                  {"finished_at", out.finished_at},
                  {"seconds", round2(out.wall_seconds)},
                  {"exit_code", optional_json(out.exit_code)},
                  {"signal", out.signal ? core::Json(signal_name(*out.signal)) : core::Json(nullptr)},
                  {"log", log_rel},
                  {"stages", stages_json(out.stages)},
                  {"export_done", out.export_done}};
  if (out.interrupted || out.timed_out) {
    r["interrupted_by"] = out.timed_out ? std::string("timeout") : signal_name(out.interrupt_signal);
    r["killed_after_grace"] = out.killed_after_grace;
  }
  core::Json res = out.resources.to_json();
  r["peak"] = res["peak"];
  r["timeline"] = res["timeline"];
  r["monitor"] = {{"cpu_seconds", std::round(out.monitor_cpu_seconds * 1000) / 1000},
                  {"cpu_fraction_of_wall", out.wall_seconds > 0 ? std::round(out.monitor_cpu_seconds / out.wall_seconds * 1e5) / 1e5 : 0.0},
                  {"samples", out.resources.timeline.size()},
                  {"stdout_bytes", out.stdout_bytes},
                  {"stderr_bytes", out.stderr_bytes}};
  if (out.perplexity) r["perplexity"] = *out.perplexity;
  if (out.log_errno != 0) {
    // The log stops here (disk full?): said, never silently short.
    std::uint64_t total = out.stdout_bytes + out.stderr_bytes;
    r["log_truncated"] = {{"at_byte", out.log_bytes},
                          {"lost_bytes", total > out.log_bytes ? total - out.log_bytes : 0},
                          {"reason", core::errno_text(out.log_errno)}};
  }
  r["pid"] = self.pid;
  r["process_start_ticks"] = self.start_ticks;
  r["boot_id"] = self.boot_id;
  r["approved_digest"] = approved_digest;
  return r;
}

core::Json finished_job(const core::Json& recorded, const cluster::JobOutcome& job) {
  core::Json j = recorded.is_object() ? recorded : core::Json::object();
  j["id"] = job.job_id;
  j["state"] = std::string(cluster::job_state_name(job.last.state));
  j["slurm_state"] = job.last.raw_state;
  j["reason"] = job.last.reason.empty() ? core::Json(nullptr) : core::Json(job.last.reason);
  j["exit_code"] = optional_json(job.last.exit_code);
  j["signal"] = job.last.signal ? core::Json(signal_name(*job.last.signal)) : core::Json(nullptr);
  j["elapsed_seconds"] = job.last.elapsed_s ? core::Json(*job.last.elapsed_s) : core::Json(nullptr);
  j["states_seen"] = job.states_seen;
  j["cancelled_by_quark_ptq"] = job.cancelled;
  if (!job.last.cancelled_by.empty()) j["cancelled_by_uid"] = job.last.cancelled_by;
  auto mib = [](const std::optional<std::int64_t>& v) { return v ? core::Json(*v) : core::Json(nullptr); };
  const cluster::JobMemoryRecord& m = job.memory;
  j["memory"] = {{"sampled_by", "sstat"},
                 {"samples", m.samples},
                 {"unreadable_samples", m.unreadable},
                 {"sstat_max_rss_mib", mib(m.sstat_max_rss_mib)},
                 {"sacct_max_rss_mib", mib(m.sacct_max_rss_mib)},
                 {"peak_node", m.node.empty() ? core::Json(nullptr) : core::Json(m.node)}};
  return j;
}

core::Json diagnosis_json(const DiagnosisRecord& d) {
  core::Json j = d.classification;
  j["command"] = {{"argv", d.command.argv}, {"display", d.command.display}, {"digest", d.command.digest}};
  j["exit_code"] = optional_json(d.exit_code);
  j["signal"] = d.signal ? core::Json(signal_name(*d.signal)) : core::Json(nullptr);
  j["stage"] = d.stage ? core::Json(*d.stage) : core::Json(nullptr);
  j["versions"] = {{"torch", d.torch_version}, {"transformers", d.transformers_version}, {"amd-quark", d.quark_version}};
  j["resources"] = d.resources;
  return j;
}

void retire_run(core::Json& manifest, const std::string& replaced_at) {
  core::Json entry = {{"replaced_at", replaced_at}};
  for (const char* section : {"run", "result", "evaluation"}) {
    if (const core::Json* s = core::json_object(manifest, section)) entry[section] = *s;
  }
  if (entry.size() == 1) return;
  if (const core::Json* d = core::json_at(manifest, "command/digest")) entry["command_digest"] = *d;
  if (!core::json_array(manifest, "history")) manifest["history"] = core::Json::array();
  manifest["history"].push_back(std::move(entry));
  for (const char* section : {"run", "result", "evaluation"}) manifest.erase(section);
}

}  // namespace manifest
