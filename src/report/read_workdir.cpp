#include "report/read_workdir.h"

#include "manifest/run_view.h"
#include "report/recommend.h"
#include "workflow/command_digest.h"
#include "workflow/comparison_record.h"
#include "workflow/state.h"

namespace report {

namespace {

std::string model_name(const Sources& s) {
  if (const core::Json* source = core::json_object(s.analysis, "source")) {
    if (auto input = core::json_string(*source, "input"); input && !input->empty()) return *input;
  }
  if (const core::Json* m = core::json_object(s.analysis, "model")) {
    if (auto path = core::json_string(*m, "model_path")) return *path;
  }
  if (const core::Json* inputs = core::json_object(s.manifest, "inputs")) {
    if (auto model = core::json_string(*inputs, "model")) return *model;
  }
  return "?";
}

// The plan's scheme, else the --quant_scheme the command passed.
std::string scheme_name(const Sources& s) {
  if (auto scheme = core::json_string(s.plan, "global_scheme"); scheme && !scheme->empty()) return *scheme;
  if (const core::Json* argv = core::json_at(s.manifest, "command/argv"); argv != nullptr && argv->is_array()) {
    for (std::size_t i = 0; i + 1 < argv->size(); ++i) {
      if ((*argv)[i] == "--quant_scheme" && (*argv)[i + 1].is_string()) return (*argv)[i + 1].get<std::string>();
    }
  }
  return "?";
}

std::vector<std::string> plan_details(const core::Json& plan) {
  std::vector<std::string> out;
  for (const auto& a : core::json_string_list(plan, "algorithms")) out.push_back(a);
  if (auto kv = core::json_string(plan, "kv_cache_scheme"); kv && !kv->empty()) out.push_back("KV cache " + *kv);
  return out;
}

RunState run_state(workflow::RunPhase p) {
  switch (p) {
    case workflow::RunPhase::none:
      return RunState::not_started;
    case workflow::RunPhase::running:
      return RunState::running;
    case workflow::RunPhase::succeeded:
      return RunState::succeeded;
    case workflow::RunPhase::failed:
      return RunState::failed;
    case workflow::RunPhase::interrupted:
      return RunState::interrupted;
  }
  return RunState::not_started;
}

evaluate::Status verdict_of(const std::string& name) {
  for (auto s : {evaluate::Status::pass, evaluate::Status::fail, evaluate::Status::indeterminate}) {
    if (name == evaluate::status_name(s)) return s;
  }
  return evaluate::Status::not_run;
}

// A recorded reason (reason_id, reason_args beside the English text), for the reader's language.
evaluate::Reason reason_of(const core::Json& section) {
  evaluate::Reason r;
  r.id = core::json_string(section, "reason_id").value_or("");
  if (const core::Json* args = core::json_object(section, "reason_args")) {
    for (const auto& [name, value] : args->items())
      r.args.push_back({name, value.is_string() ? value.get<std::string>() : core::dump_compact(value)});
  }
  return r;
}

Evaluation evaluation_of(const core::Json& e) {
  Evaluation out;
  out.verdict = verdict_of(core::json_string(e, "verdict").value_or(""));
  if (out.verdict != evaluate::Status::pass) out.reason = reason_of(e);
  if (const core::Json* p = core::json_object(e, "perplexity")) {
    out.threshold_pct = core::json_number(*p, "threshold_pct");
    const bool measured = core::json_string(*p, "status").value_or("not-run") != "not-run" && core::json_int(*p, "windows").value_or(0) > 0;
    auto delta = core::json_number(*p, "delta_pct");
    if (measured && delta) out.perplexity = PerplexityDelta{*delta, core::json_number(*p, "se_pct").value_or(0)};
  }
  if (const core::Json* c = core::json_object(e, "canary")) {
    if (core::json_string(*c, "status").value_or("not-run") != "not-run") out.canary_agreement = core::json_number(*c, "token_agreement");
    if (const core::Json* prompts = core::json_array(*c, "prompts")) {
      for (const auto& p : *prompts) {
        out.canaries.push_back({core::json_string(p, "prompt").value_or(""), core::json_string(p, "source").value_or(""),
                                core::json_string(p, "quantized").value_or("")});
      }
    }
  }
  return out;
}

// The source's weights: verification measured them; before it (a failed run) the model's
// identity recorded each safetensors file's size.
std::optional<std::int64_t> source_bytes(const core::Json& manifest) {
  if (const core::Json* metrics = core::json_at(manifest, "result/metrics")) {
    if (auto bytes = core::json_int(*metrics, "source_weight_bytes")) return bytes;
  }
  const core::Json* files = core::json_at(manifest, "inputs/model_identity/files");
  if (files == nullptr || !files->is_array()) return std::nullopt;
  std::int64_t total = 0;
  for (const auto& f : *files) {
    const std::string path = core::json_string(f, "path").value_or("");
    if (path.size() > 12 && path.ends_with(".safetensors")) total += core::json_int(f, "size").value_or(0);
  }
  return total > 0 ? std::optional<std::int64_t>(total) : std::nullopt;
}

// The monitor's samples. The GPU series is quark-cli's own share when the peak is (the GPU
// tool lists processes), else the device's, never a mix of the two.
std::vector<MemorySample> timeline_of(const core::Json& run, bool gpu_own) {
  std::vector<MemorySample> out;
  const core::Json* samples = core::json_array(run, "timeline");
  if (samples == nullptr) return out;
  for (const auto& s : *samples) {
    MemorySample m;
    m.t = core::json_number(s, "t").value_or(0);
    m.gpu_mib = core::json_number(s, gpu_own ? "gpu_own_mib" : "gpu_used_mib");
    m.host_mib = core::json_number(s, "group_rss_mib");
    out.push_back(m);
  }
  return out;
}

void mark_recommended(std::vector<Candidate>& cs) {
  if (auto r = recommend(cs)) cs[r->index].recommended = true;
}

}  // namespace

Report make_report(const Sources& s) {
  Report r;
  r.model = model_name(s);
  Candidate c;
  c.name = scheme_name(s);
  c.details = plan_details(s.plan);
  if (const core::Json* target = core::json_object(s.plan, "target")) c.target = core::json_string(*target, "name").value_or("");
  if (const core::Json* facts = core::json_object(s.plan, "scheme_facts")) c.native_on_target = core::json_bool(*facts, "native_on_target");
  c.run = run_state(s.run.phase);
  if (c.run == RunState::interrupted) c.run_reason = evaluate::Reason{s.run.reason_id, s.run.reason_args};
  const core::Json* run = core::json_object(s.manifest, "run");
  const core::Json no_run = core::Json::object();
  const core::Json& rj = run != nullptr ? *run : no_run;
  c.interrupted_by = core::json_string(rj, "interrupted_by").value_or("");
  if (const core::Json* d = core::json_object(rj, "diagnosis")) c.failure = diagnose::Diagnosis::from_json(*d);
  if (const core::Json* result = core::json_object(s.manifest, "result")) {
    c.verification = core::json_string(*result, "status").value_or("");
    if (const core::Json* metrics = core::json_object(*result, "metrics")) c.size_bytes = core::json_int(*metrics, "weight_bytes");
  }
  c.source_bytes = source_bytes(s.manifest);
  if (const core::Json* e = core::json_object(s.manifest, "evaluation")) c.evaluation = evaluation_of(*e);
  if (c.run != RunState::running && c.run != RunState::not_started) c.quark_cli_seconds = core::json_number(rj, "seconds");
  const manifest::RunView view = manifest::read_run_view(rj);
  if (view.peak) {
    c.peak_gpu_mib = view.peak->gpu_own_mib ? view.peak->gpu_own_mib : view.peak->gpu_memory_mib;
    c.peak_host_mib = view.peak->group_rss_mib;
  }
  c.timeline = timeline_of(rj, view.peak && view.peak->gpu_own_mib);
  if (const core::Json* cmd = core::json_object(s.manifest, "command")) {
    c.command_display = core::json_string(*cmd, "display").value_or("");
    c.command_digest = core::json_string(*cmd, "digest").value_or("");
  }
  c.accepted = s.accepted;
  r.candidates.push_back(std::move(c));
  mark_recommended(r.candidates);
  return r;
}

namespace {

// One workdir's run as a report of one candidate.
core::Result<Report> read_single(const workflow::Workdir& wd) {
  workflow::WorkdirArtifacts artifacts = workflow::read_artifacts(wd);
  const workflow::ArtifactStatus& m = artifacts.manifest;
  if (m.state == workflow::ArtifactState::invalid) {
    return core::make_error(core::ExitCode::bad_input, "report.manifest_invalid")
        .with("path", m.path.string())
        .with("command", "quark-ptq status")
        .with_detail(m.problem);
  }
  if (m.state == workflow::ArtifactState::missing || core::json_object(m.doc, "run") == nullptr) {
    return core::make_error(core::ExitCode::not_confirmed, "report.no_run")
        .with("workdir", wd.root.string())
        .with("command", "quark-ptq run");
  }
  Sources s;
  s.manifest = m.doc;
  if (artifacts.plan.doc.is_object()) s.plan = artifacts.plan.doc;
  if (artifacts.analysis.doc.is_object()) s.analysis = artifacts.analysis.doc;
  s.run = workflow::assess_run(m.doc);
  // Acceptance as the workflow judges it (a stale acceptance is none); a checkpoints file that
  // cannot be read leaves the report without it rather than without a report.
  if (auto confirmations = workflow::load_confirmations(wd)) {
    const workflow::WorkflowStatus st = workflow::status_of(wd, *confirmations, std::move(artifacts));
    const workflow::CheckpointStatus& result = st.at(workflow::Checkpoint::result);
    s.accepted = result.state == workflow::CheckpointState::confirmed && result.confirmation && result.confirmation->decision == "accepted";
  }
  return make_report(s);
}

// A comparison: each candidate's own workdir, in the comparison's order; a candidate that has
// not run yet is shown as not started with the command prepared for it.
core::Result<Report> read_comparison(const workflow::Workdir& wd, const workflow::WorkflowStatus& st) {
  QPTQ_TRY_ASSIGN(workflow::ComparisonManifest record, workflow::ComparisonManifest::from_json(st.comparison_manifest.doc));
  Report r;
  for (const auto& e : record.candidates) {
    auto one = read_single(wd.candidate(e.name));
    if (one && !one->candidates.empty()) {
      if (r.model.empty()) r.model = one->model;
      Candidate c = std::move(one->candidates.front());
      c.name = e.name;
      c.recommended = false;
      r.candidates.push_back(std::move(c));
      continue;
    }
    if (!one && one.error().id != "report.no_run") return core::fail(std::move(one).error());
    // Not run yet: the command its own manifest binds (derived from its argv), never the
    // comparison manifest's unbound copy of it.
    Candidate c;
    c.name = e.name;
    if (auto cmd = workflow::read_recorded_command(workflow::read_artifact(wd.candidate(e.name), workflow::Artifact::manifest).doc)) {
      c.command_display = cmd->display;
      c.command_digest = cmd->digest;
    }
    r.candidates.push_back(std::move(c));
  }
  if (r.model.empty()) {
    Sources s;
    s.manifest = core::Json::object();
    s.analysis = st.analysis.doc;
    r.model = make_report(s).model;
  }
  mark_recommended(r.candidates);
  return r;
}

}  // namespace

core::Result<Report> read_workdir(const workflow::Workdir& wd) {
  auto st = workflow::status_of(wd);
  if (st && st->comparison && st->comparison_manifest.state != workflow::ArtifactState::missing) {
    if (st->comparison_manifest.state == workflow::ArtifactState::invalid) {
      return core::make_error(core::ExitCode::bad_input, "report.manifest_invalid")
          .with("path", st->comparison_manifest.path.string())
          .with("command", "quark-ptq status")
          .with_detail(st->comparison_manifest.problem);
    }
    return read_comparison(wd, *st);
  }
  return read_single(wd);
}

}  // namespace report
