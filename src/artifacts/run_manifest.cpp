#include "artifacts/run_manifest.h"

#include "artifacts/fields.h"

namespace artifacts {

namespace {

constexpr std::string_view kFile = "run_manifest.yaml";

Estimate estimate_of(Fields f) {
  Estimate e;
  e.minutes = f.number("minutes").value_or(0);
  e.gpu_memory_gib = f.number("gpu_memory_gib").value_or(0);
  e.host_memory_gib = f.number("host_memory_gib").value_or(0);
  e.disk_gib = f.number("disk_gib").value_or(0);
  e.runs_on_cpu = f.flag("runs_on_cpu").value_or(false);
  return e;
}

Run run_of(const core::Json& j, std::string* error) {
  Fields f(j, "run", error);
  Run r;
  r.status = f.text("status");
  r.seconds = f.number("seconds");
  if (const core::Json* s = j.is_object() && j.contains("seconds") ? &j["seconds"] : nullptr; s != nullptr && s->is_number()) {
    r.seconds_text = core::dump_compact(*s);
  }
  r.log = f.text("log");
  r.interrupted_by = f.text("interrupted_by");
  if (const core::Json* peak = f.object("peak")) {
    Fields p(*peak, f.path("peak"), error);
    r.peak = RunPeak{p.integer("gpu_own_mib"), p.integer("gpu_memory_mib"), p.integer("group_rss_mib")};
  }
  if (const core::Json* cut = f.object("log_truncated")) {
    Fields c(*cut, f.path("log_truncated"), error);
    r.log_truncated = LogTruncation{c.integer("at_byte").value_or(0), c.integer("lost_bytes").value_or(0), c.text("reason")};
  }
  if (const core::Json* samples = f.array("timeline")) {
    for (std::size_t i = 0; i < samples->size(); ++i) {
      Fields s((*samples)[i], f.path("timeline") + "/" + std::to_string(i), error);
      r.timeline.push_back({s.number("t").value_or(0), s.number("group_rss_mib"), s.number("gpu_used_mib"), s.number("gpu_own_mib")});
    }
  }
  if (const core::Json* d = f.object("diagnosis")) r.diagnosis = *d;
  return r;
}

Result result_of(const core::Json& j, std::string* error) {
  Fields f(j, "result", error);
  Result r;
  r.status = f.text("status").value_or("");
  if (const core::Json* metrics = f.object("metrics")) {
    Fields m(*metrics, f.path("metrics"), error);
    r.weight_bytes = m.integer("weight_bytes");
    r.source_weight_bytes = m.integer("source_weight_bytes");
  }
  if (const core::Json* files = f.array("files")) {
    for (std::size_t i = 0; i < files->size(); ++i) {
      Fields one((*files)[i], f.path("files") + "/" + std::to_string(i), error);
      auto bytes = one.integer("bytes");
      r.files.push_back(
          {one.text("path").value_or(""), bytes && *bytes > 0 ? static_cast<std::uint64_t>(*bytes) : 0, one.text("sha256").value_or("")});
    }
  }
  return r;
}

Reason reason_of(Fields& f) {
  Reason r;
  r.id = f.text("reason_id").value_or("");
  r.text = f.text("reason");
  if (const core::Json* args = f.object("reason_args")) {
    // Arguments are text; a number or a list written by another writer is shown as written.
    for (const auto& [name, value] : args->items())
      r.args.push_back({name, value.is_string() ? value.get<std::string>() : core::dump_compact(value)});
  }
  return r;
}

Evaluation evaluation_of(const core::Json& j, std::string* error) {
  Fields f(j, "evaluation", error);
  Evaluation e;
  e.verdict = f.text("verdict").value_or("not-run");
  e.reason = reason_of(f);
  if (const core::Json* p = f.object("perplexity")) {
    Fields pf(*p, f.path("perplexity"), error);
    Perplexity out;
    out.status = pf.text("status").value_or("not-run");
    out.windows = pf.integer("windows").value_or(0);
    out.delta_pct = pf.number("delta_pct");
    out.se_pct = pf.number("se_pct");
    out.threshold_pct = pf.number("threshold_pct");
    e.perplexity = out;
  }
  if (const core::Json* c = f.object("canary")) {
    Fields cf(*c, f.path("canary"), error);
    Canary out;
    out.status = cf.text("status").value_or("not-run");
    out.token_agreement = cf.number("token_agreement");
    if (const core::Json* prompts = cf.array("prompts")) {
      for (std::size_t i = 0; i < prompts->size(); ++i) {
        Fields one((*prompts)[i], cf.path("prompts") + "/" + std::to_string(i), error);
        out.prompts.push_back({one.text("prompt").value_or(""), one.text("source").value_or(""), one.text("quantized").value_or("")});
      }
    }
    e.canary = out;
  }
  return e;
}

}  // namespace

std::optional<std::int64_t> RunManifest::source_weight_bytes() const {
  if (result && result->source_weight_bytes) return result->source_weight_bytes;
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
  if (const core::Json* estimate = top.object("estimate")) m.estimate = estimate_of(Fields(*estimate, "estimate", &error));
  if (const core::Json* run = top.object("run")) m.run = run_of(*run, &error);
  if (const core::Json* result = top.object("result")) m.result = result_of(*result, &error);
  if (const core::Json* evaluation = top.object("evaluation")) m.evaluation = evaluation_of(*evaluation, &error);
  if (!error.empty()) return core::fail(field_invalid(kFile, error));
  return m;
}

}  // namespace artifacts
