// run_manifest.yaml's `run` section written from its typed record: the field names, their
// order and which of them are written as null are spelled here once, for the record while
// quark-cli runs and for the one after it ended.
#include "artifacts/json_write.h"
#include "artifacts/run_manifest.h"

namespace artifacts {

core::Json LogTruncation::to_json() const { return {{"at_byte", at_byte}, {"lost_bytes", lost_bytes}, {"reason", or_null(reason)}}; }

namespace {

core::Json job_json(const SlurmJob& j) {
  core::Json o = core::Json::object();
  o["id"] = j.id;
  put_if(o, "submitted_at", j.submitted_at);
  put_if(o, "state", j.state);
  put_if(o, "output", j.output);
  put_if(o, "cluster", j.cluster);
  if (j.slurm_state) {
    // Slurm's state comes with its reason, null where it gave none.
    o["slurm_state"] = *j.slurm_state;
    o["reason"] = or_null(j.reason);
  }
  put_if(o, "running_since", j.running_since);
  put_if(o, "detached_at", j.detached_at);
  if (j.ended()) {
    o["exit_code"] = or_null(j.exit_code);
    o["signal"] = or_null(j.signal);
    o["elapsed_seconds"] = or_null(j.elapsed_seconds);
  }
  if (j.ended() || j.detached_at || !j.states_seen.empty()) o["states_seen"] = j.states_seen;
  if (j.lost) o["lost"] = true;
  put_if(o, "followed_again_at", j.followed_again_at);
  put_if(o, "cancelled_by_quark_ptq", j.cancelled_by_quark_ptq);
  put_if(o, "cancelled_by_uid", j.cancelled_by_uid);
  if (const auto& m = j.memory) {
    o["memory"] = {{"sampled_by", m->sampled_by},
                   {"samples", m->samples},
                   {"unreadable_samples", m->unreadable_samples},
                   {"sstat_max_rss_mib", or_null(m->sstat_max_rss_mib)},
                   {"sacct_max_rss_mib", or_null(m->sacct_max_rss_mib)},
                   {"peak_node", or_null(m->peak_node)}};
  }
  return o;
}

}  // namespace

namespace {

core::Json timeline_json(const std::vector<MemorySample>& timeline) {
  core::Json arr = core::Json::array();
  for (const auto& s : timeline) {
    core::Json item = core::Json::object();
    item["t"] = s.t;
    item["host_used_mib"] = or_null(s.host_used_mib);
    item["group_rss_mib"] = or_null(s.group_rss_mib);
    item["gpu_used_mib"] = or_null(s.gpu_used_mib);
    put_if(item, "gpu_own_mib", s.gpu_own_mib);
    arr.push_back(std::move(item));
  }
  return arr;
}

core::Json stages_json(const std::vector<RunStage>& stages) {
  core::Json arr = core::Json::array();
  for (const auto& s : stages) {
    core::Json item = {{"name", s.name}, {"started_at", s.started_at}, {"seconds", s.seconds}};
    put_if(item, "progress", s.progress);
    arr.push_back(std::move(item));
  }
  return arr;
}

core::Json monitor_json(const RunMonitor& m) {
  return {{"cpu_seconds", m.cpu_seconds},
          {"cpu_fraction_of_wall", m.cpu_fraction_of_wall},
          {"samples", m.samples},
          {"stdout_bytes", m.stdout_bytes},
          {"stderr_bytes", m.stderr_bytes}};
}

// quark-ptq's own identity, by which a dead owner is told from a live one.
void put_owner(core::Json& o, const Run& r) {
  put_if(o, "pid", r.pid);
  put_if(o, "process_start_ticks", r.process_start_ticks);
  put_if(o, "boot_id", r.boot_id);
}

}  // namespace

core::Json Run::to_json() const {
  core::Json o = core::Json::object();
  put_if(o, "status", status);
  if (!finished_at) {
    // While quark-cli runs: who runs it first, then what each step of the launch adds.
    put_owner(o, *this);
    put_if(o, "started_at", started_at);
    put_if(o, "approved_digest", approved_digest);
    put_if(o, "log", log);
    put_if(o, "child_pid", child_pid);
    put_if(o, "child_start_ticks", child_start_ticks);
    if (job) o["job"] = job_json(*job);
    if (stage) {
      o["stage"] = *stage;
    } else if (job && job->detached_at) {
      o["stage"] = nullptr;  // a detached job's record says where it got to: nowhere yet
    }
    put_if(o, "error", error);
    // What only an ended run has, should a record carry it without its end.
    put_if(o, "seconds", seconds);
    put_if(o, "exit_code", exit_code);
    put_if(o, "signal", signal);
    if (!stages.empty()) o["stages"] = stages_json(stages);
    put_if(o, "export_done", export_done);
    put_if(o, "interrupted_by", interrupted_by);
    put_if(o, "killed_after_grace", killed_after_grace);
    if (peak) o["peak"] = peak->to_json();
    if (!timeline.empty()) o["timeline"] = timeline_json(timeline);
    if (monitor) o["monitor"] = monitor_json(*monitor);
    put_if(o, "perplexity", perplexity);
    if (log_truncated) o["log_truncated"] = log_truncated->to_json();
  } else {
    // Once quark-cli ended: how it ended first, then who ran it.
    o["child_pid"] = or_null(child_pid);
    put_if(o, "started_at", started_at);
    o["finished_at"] = *finished_at;
    put_if(o, "seconds", seconds);
    o["exit_code"] = or_null(exit_code);
    o["signal"] = or_null(signal);
    put_if(o, "log", log);
    o["stages"] = stages_json(stages);
    put_if(o, "export_done", export_done);
    put_if(o, "interrupted_by", interrupted_by);
    put_if(o, "killed_after_grace", killed_after_grace);
    if (peak) o["peak"] = peak->to_json();
    o["timeline"] = timeline_json(timeline);
    if (monitor) o["monitor"] = monitor_json(*monitor);
    put_if(o, "perplexity", perplexity);
    if (log_truncated) o["log_truncated"] = log_truncated->to_json();
    put_owner(o, *this);
    put_if(o, "approved_digest", approved_digest);
    put_if(o, "child_start_ticks", child_start_ticks);
    put_if(o, "stage", stage);
    put_if(o, "error", error);
    if (job) o["job"] = job_json(*job);
  }
  if (diagnosis) o["diagnosis"] = diagnosis->to_json();
  if (!phases.empty()) {
    core::Json p = core::Json::object();
    for (const auto& [name, secs] : phases) p[name] = secs;
    o["phases"] = std::move(p);
  }
  put_if(o, "hash_tail_bytes", hash_tail_bytes);
  return o;
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

}  // namespace artifacts
