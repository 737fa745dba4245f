#include "report/read_workdir.h"

#include "artifacts/analysis_upgrade.h"
#include "artifacts/plan_upgrade.h"
#include "artifacts/run_manifest.h"
#include "report/recommend.h"
#include "workflow/command_digest.h"
#include "artifacts/comparison_manifest.h"
#include "workflow/state.h"

namespace report {

namespace {

// The analysis and the plan as far as this release reads them; none when they do not (the
// report then shows what the manifest says).
std::optional<artifacts::ModelAnalysis> analysis_of(const Sources& s) {
  auto a = artifacts::read_model_analysis(s.analysis);
  return a ? std::optional<artifacts::ModelAnalysis>(std::move(*a)) : std::nullopt;
}

std::optional<artifacts::QuantPlan> plan_of(const Sources& s) {
  auto p = artifacts::read_quant_plan(s.plan);
  return p ? std::optional<artifacts::QuantPlan>(std::move(*p)) : std::nullopt;
}

std::string model_name(const Sources& s) {
  if (const auto a = analysis_of(s)) {
    if (a->source && !a->source->input.empty()) return a->source->input;
    if (!a->model.model_path.empty()) return a->model.model_path;
  }
  if (auto m = artifacts::RunManifest::from_json(s.manifest); m && m->model) return *m->model;
  return "?";
}

// The plan's scheme, else the --quant_scheme the command passed.
std::string scheme_name(const Sources& s, const std::optional<artifacts::QuantPlan>& plan) {
  if (plan && !plan->global_scheme.empty()) return plan->global_scheme;
  if (auto cmd = workflow::read_recorded_command(s.manifest)) {
    for (std::size_t i = 0; i + 1 < cmd->argv.size(); ++i) {
      if (cmd->argv[i] == "--quant_scheme") return cmd->argv[i + 1];
    }
  }
  return "?";
}

std::vector<std::string> plan_details(const std::optional<artifacts::QuantPlan>& plan) {
  if (!plan) return {};
  std::vector<std::string> out = plan->algorithms;
  if (plan->kv_cache_scheme && !plan->kv_cache_scheme->empty()) out.push_back("KV cache " + *plan->kv_cache_scheme);
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

Evaluation evaluation_of(const artifacts::Evaluation& e) {
  Evaluation out;
  out.verdict = verdict_of(e.verdict);
  if (out.verdict != evaluate::Status::pass) out.reason = evaluate::Reason{e.reason.id, e.reason.args};
  if (e.perplexity) {
    out.threshold_pct = e.perplexity->threshold_pct;
    if (e.perplexity->measured()) out.perplexity = PerplexityDelta{*e.perplexity->delta_pct, e.perplexity->se_pct.value_or(0)};
  }
  if (e.canary) {
    if (e.canary->status != "not-run") out.canary_agreement = e.canary->token_agreement;
    for (const auto& p : e.canary->prompts) out.canaries.push_back({p.prompt, p.source, p.quantized});
  }
  return out;
}

// The monitor's samples. The GPU series is quark-cli's own share when the peak is (the GPU
// tool lists processes), else the device's, never a mix of the two.
std::vector<MemorySample> timeline_of(const artifacts::Run& run, bool gpu_own) {
  std::vector<MemorySample> out;
  auto mib = [](const std::optional<std::int64_t>& v) { return v ? std::optional<double>(static_cast<double>(*v)) : std::nullopt; };
  for (const auto& s : run.timeline) out.push_back({s.t, mib(gpu_own ? s.gpu_own_mib : s.gpu_used_mib), mib(s.group_rss_mib)});
  return out;
}

void mark_recommended(std::vector<Candidate>& cs) {
  if (auto r = recommend(cs)) cs[r->index].recommended = true;
}

}  // namespace

Report make_report(const Sources& s) {
  Report r;
  r.model = model_name(s);
  // read_workdir() refuses a manifest that does not read; here such a document has no sections.
  auto typed = artifacts::RunManifest::from_json(s.manifest);
  const artifacts::RunManifest m = typed ? *typed : artifacts::RunManifest{};
  Candidate c;
  const std::optional<artifacts::QuantPlan> plan = plan_of(s);
  c.name = scheme_name(s, plan);
  c.details = plan_details(plan);
  if (plan && plan->target) c.target = plan->target->name;
  if (plan && plan->scheme_facts) c.native_on_target = plan->scheme_facts->native_on_target;
  c.run = run_state(s.run.phase);
  if (c.run == RunState::interrupted) c.run_reason = evaluate::Reason{s.run.reason_id, s.run.reason_args};
  const artifacts::Run run = m.run ? *m.run : artifacts::Run{};
  c.interrupted_by = run.interrupted_by.value_or("");
  if (run.diagnosis) c.failure = diagnose::Diagnosis::from_record(*run.diagnosis);
  if (m.result) {
    c.verification = m.result->status;
    c.size_bytes = m.result->weight_bytes();
  }
  c.source_bytes = m.source_weight_bytes();
  if (m.evaluation) c.evaluation = evaluation_of(*m.evaluation);
  if (c.run != RunState::running && c.run != RunState::not_started) c.quark_cli_seconds = run.seconds;
  if (run.peak) {
    c.peak_gpu_mib = run.peak->gpu_own_mib ? run.peak->gpu_own_mib : run.peak->gpu_memory_mib;
    c.peak_host_mib = run.peak->group_rss_mib;
  }
  c.timeline = timeline_of(run, run.peak && run.peak->gpu_own_mib);
  if (auto cmd = workflow::read_recorded_command(s.manifest)) {
    c.command_display = cmd->display;
    c.command_digest = cmd->digest;
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
  if (auto typed = artifacts::RunManifest::from_json(m.doc); !typed && m.state != workflow::ArtifactState::missing) {
    return core::make_error(core::ExitCode::bad_input, "report.manifest_invalid")
        .with("path", m.path.string())
        .with("command", "quark-ptq status")
        .with_detail(*typed.error().arg("problem"));
  }
  if (m.state == workflow::ArtifactState::missing || !artifacts::manifest_run_as_read(m.doc)) {
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
  QPTQ_TRY_ASSIGN(artifacts::ComparisonManifest record, artifacts::ComparisonManifest::from_json(st.comparison_manifest.doc));
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
