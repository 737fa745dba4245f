#include "artifacts/run_manifest.h"

#include "artifacts/fields.h"

namespace artifacts {

namespace {

constexpr std::string_view kFile = "run_manifest.yaml";

Estimate estimate_of(Fields f, std::string* error) {
  Estimate e;
  e.minutes = f.number("minutes").value_or(0);
  e.gpu_memory_gib = f.number("gpu_memory_gib").value_or(0);
  e.host_memory_gib = f.number("host_memory_gib").value_or(0);
  e.disk_gib = f.number("disk_gib").value_or(0);
  e.runs_on_cpu = f.flag("runs_on_cpu").value_or(false);
  if (const core::Json* time = f.object("time")) {
    if (auto s = Fields(*time, f.path("time"), error).number("quark_cli_seconds"); s && *s > 0) e.quark_cli_seconds = s;
  }
  return e;
}

SlurmJob job_of(Fields f, std::string* error) {
  SlurmJob j;
  j.id = f.text("id").value_or("");
  j.submitted_at = f.text("submitted_at");
  j.state = f.text("state");
  j.output = f.text("output");
  j.cluster = f.text("cluster");
  j.slurm_state = f.text("slurm_state");
  j.reason = f.text("reason");
  j.running_since = f.text("running_since");
  j.detached_at = f.text("detached_at");
  j.followed_again_at = f.text("followed_again_at");
  j.exit_code = f.integer("exit_code");
  j.signal = f.text("signal");
  j.elapsed_seconds = f.integer("elapsed_seconds");
  j.states_seen = f.texts("states_seen");
  j.lost = f.flag("lost").value_or(false);
  j.cancelled_by_quark_ptq = f.flag("cancelled_by_quark_ptq");
  j.cancelled_by_uid = f.text("cancelled_by_uid");
  if (const core::Json* memory = f.object("memory")) {
    Fields m(*memory, f.path("memory"), error);
    j.memory =
        JobMemory{m.text("sampled_by").value_or("sstat"), m.integer("samples").value_or(0), m.integer("unreadable_samples").value_or(0),
                  m.integer("sstat_max_rss_mib"),         m.integer("sacct_max_rss_mib"),   m.text("peak_node")};
  }
  return j;
}

Run run_of(const core::Json& j, std::string* error) {
  Fields f(j, "run", error);
  Run r;
  r.status = f.text("status");
  r.pid = f.integer("pid");
  r.process_start_ticks = f.integer("process_start_ticks");
  r.boot_id = f.text("boot_id");
  r.approved_digest = f.text("approved_digest");
  r.started_at = f.text("started_at");
  r.finished_at = f.text("finished_at");
  r.seconds = f.number("seconds");
  if (const core::Json* s = j.is_object() && j.contains("seconds") ? &j["seconds"] : nullptr; s != nullptr && s->is_number()) {
    r.seconds_text = core::dump_compact(*s);
  }
  r.exit_code = f.integer("exit_code");
  r.signal = f.text("signal");
  r.log = f.text("log");
  r.child_pid = f.integer("child_pid");
  r.child_start_ticks = f.integer("child_start_ticks");
  r.stage = f.text("stage");
  if (const core::Json* stages = f.array("stages")) {
    for (std::size_t i = 0; i < stages->size(); ++i) {
      Fields s((*stages)[i], f.path("stages") + "/" + std::to_string(i), error);
      r.stages.push_back(
          {s.text("name").value_or(""), s.text("started_at").value_or(""), s.number("seconds").value_or(0), s.text("progress")});
    }
  }
  r.export_done = f.flag("export_done");
  r.interrupted_by = f.text("interrupted_by");
  r.killed_after_grace = f.flag("killed_after_grace");
  if (const core::Json* peak = f.object("peak")) {
    r.peak = peak_of(Fields(*peak, f.path("peak"), error));
  }
  if (const core::Json* samples = f.array("timeline")) {
    for (std::size_t i = 0; i < samples->size(); ++i) {
      Fields s((*samples)[i], f.path("timeline") + "/" + std::to_string(i), error);
      r.timeline.push_back({s.number("t").value_or(0), s.integer("host_used_mib"), s.integer("group_rss_mib"), s.integer("gpu_used_mib"),
                            s.integer("gpu_own_mib")});
    }
  }
  if (const core::Json* monitor = f.object("monitor")) {
    Fields m(*monitor, f.path("monitor"), error);
    r.monitor = RunMonitor{m.number("cpu_seconds").value_or(0), m.number("cpu_fraction_of_wall").value_or(0),
                           m.integer("samples").value_or(0), m.integer("stdout_bytes").value_or(0), m.integer("stderr_bytes").value_or(0)};
  }
  r.perplexity = f.number("perplexity");
  if (const core::Json* cut = f.object("log_truncated")) {
    Fields c(*cut, f.path("log_truncated"), error);
    r.log_truncated = LogTruncation{c.integer("at_byte").value_or(0), c.integer("lost_bytes").value_or(0), c.text("reason")};
  }
  if (const core::Json* job = f.object("job")) r.job = job_of(Fields(*job, f.path("job"), error), error);
  r.error = f.text("error");
  if (const core::Json* d = f.object("diagnosis")) r.diagnosis = diagnosis_of(Fields(*d, f.path("diagnosis"), error), error);
  if (const core::Json* phases = f.object("phases")) {
    Fields p(*phases, f.path("phases"), error);
    for (const auto& [name, value] : phases->items()) r.phases.push_back({name, p.number(name).value_or(0)});
  }
  r.hash_tail_bytes = f.integer("hash_tail_bytes");
  return r;
}

}  // namespace

std::optional<std::int64_t> RunManifest::source_weight_bytes() const {
  if (result && result->source_weight_bytes()) return result->source_weight_bytes();
  std::int64_t total = 0;
  for (const auto& f : source_files) {
    if (f.path.size() > 12 && f.path.ends_with(".safetensors")) total += f.size;
  }
  return total > 0 ? std::optional<std::int64_t>(total) : std::nullopt;
}

core::Result<Run> read_run(const core::Json& run) {
  std::string error;
  Run r = run_of(run, &error);
  if (!error.empty()) return core::fail(field_invalid(kFile, error));
  return r;
}

core::Result<std::optional<Run>> manifest_run(const core::Json& manifest) {
  const core::Json* run = manifest.is_object() && manifest.contains("run") ? &manifest["run"] : nullptr;
  if (run == nullptr || run->is_null()) return std::optional<Run>();
  std::string error;
  Fields top(manifest, "", &error);
  if (top.object("run") == nullptr) return core::fail(field_invalid(kFile, error));
  QPTQ_TRY_ASSIGN(Run r, read_run(*run));
  return std::optional<Run>(std::move(r));
}

std::optional<Run> manifest_run_as_read(const core::Json& manifest) {
  const core::Json* run = manifest.is_object() && manifest.contains("run") ? &manifest["run"] : nullptr;
  if (run == nullptr || !run->is_object()) return std::nullopt;
  std::string ignored;
  return run_of(*run, &ignored);
}

std::optional<Evaluation> manifest_evaluation_as_read(const core::Json& manifest) {
  const core::Json* evaluation = manifest.is_object() && manifest.contains("evaluation") ? &manifest["evaluation"] : nullptr;
  if (evaluation == nullptr || !evaluation->is_object()) return std::nullopt;
  std::string ignored;
  return evaluation_of(*evaluation, "evaluation", &ignored);
}

void put_run(core::Json& manifest, const Run& run) { manifest["run"] = run.to_json(); }

core::Result<RunManifest> RunManifest::from_json(const core::Json& doc) {
  std::string error;
  Fields top(doc, "", &error);
  RunManifest m;
  if (const core::Json* inputs = top.object("inputs")) {
    Fields in(*inputs, "inputs", &error);
    m.model = in.text("model");
    if (const core::Json* identity = in.object("model_identity")) {
      Fields id(*identity, "inputs/model_identity", &error);
      if (const core::Json* files = id.array("files")) {
        for (std::size_t i = 0; i < files->size(); ++i) {
          Fields one((*files)[i], "inputs/model_identity/files/" + std::to_string(i), &error);
          m.source_files.push_back({one.text("path").value_or(""), one.integer("size").value_or(0)});
        }
      }
    }
  }
  if (const core::Json* outputs = top.object("outputs")) m.output_dir = Fields(*outputs, "outputs", &error).text("output_dir");
  if (const core::Json* estimate = top.object("estimate")) m.estimate = estimate_of(Fields(*estimate, "estimate", &error), &error);
  if (const core::Json* run = top.object("run")) m.run = run_of(*run, &error);
  if (const core::Json* result = top.object("result")) m.result = result_of(*result, "result", &error);
  if (const core::Json* evaluation = top.object("evaluation")) m.evaluation = evaluation_of(*evaluation, "evaluation", &error);
  if (!error.empty()) return core::fail(field_invalid(kFile, error));
  return m;
}

}  // namespace artifacts
