#include "cli/run_record.h"

#include "workflow/run_liveness.h"

#include <cmath>
#include <csignal>
#include <cstring>

namespace cli {

namespace {

double round2(double v) { return std::round(v * 100) / 100; }

std::string signal_name(int sig) {
  const char* abbrev = ::sigabbrev_np(sig);
  return abbrev != nullptr ? std::string("SIG") + abbrev : std::to_string(sig);
}

}  // namespace

std::string run_status(const runner::RunOutcome& out) {
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

core::Json run_section(const runner::RunOutcome& out, const std::string& log_rel) {
  core::Json r = {{"status", run_status(out)},
                  {"child_pid", out.pid},
                  {"started_at", out.started_at},
                  {"finished_at", out.finished_at},
                  {"seconds", round2(out.wall_seconds)},
                  {"exit_code", out.exit_code ? core::Json(*out.exit_code) : core::Json(nullptr)},
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
  return r;
}

diagnose::FailureContext failure_context(const runner::RunOutcome& out, const core::Json& manifest) {
  diagnose::FailureContext ctx;
  ctx.log = out.log_tail;
  ctx.exit_code = out.exit_code;
  ctx.signal = out.signal;
  ctx.stage = out.stages.empty() ? std::string() : out.stages.back().name;
  ctx.export_done = out.export_done;
  auto mib = [](const std::optional<std::int64_t>& v) { return v ? std::to_string(*v) + " MiB" : std::string("not measured"); };
  ctx.known_facts = {
      {"installed_transformers", environment_version(manifest, {"transformers"})},
      {"installed_torch", environment_version(manifest, {"torch", "pytorch"})},
      {"installed_quark", environment_version(manifest, {"amd-quark", "amd_quark", "quark"})},
      {"exit_status", out.exit_code ? std::to_string(*out.exit_code) : (out.signal ? std::string("signal ") + std::to_string(*out.signal) : "?")},
      {"peak_gpu_mib", out.resources.peak_gpu_own_mib && out.resources.peak_gpu_used_mib
                           ? mib(out.resources.peak_gpu_own_mib) + " (device: " + mib(out.resources.peak_gpu_used_mib) + ")"
                           : mib(out.resources.peak_gpu_used_mib)},
      {"peak_host_mib", mib(out.resources.peak_group_rss_mib)},
      {"stage", ctx.stage.empty() ? std::string("start") : ctx.stage},
  };
  return ctx;
}

void RunProgress::on_started(int pid) {
  m_writer.doc()["run"]["child_pid"] = pid;
  // With its start time, `status` can tell a quark-cli that outlived a killed quark-ptq from
  // a reused pid (workflow::assess_run).
  if (auto id = workflow::process_identity(pid)) m_writer.doc()["run"]["child_start_ticks"] = id->start_ticks;
  if (auto w = m_writer.write(); !w) m_console.error(w.error());
}

void RunProgress::on_stage(const runner::StageRecord& stage) {
  m_console.say("run.stage", {{"stage", stage.name}});
  m_writer.doc()["run"]["stage"] = stage.name;
  if (auto w = m_writer.write(); !w) m_console.error(w.error());
}

void RunProgress::on_stop_requested(int signal) {
  m_console.say("run.stopping", {{"signal", signal_name(signal)}});
}

}  // namespace cli
