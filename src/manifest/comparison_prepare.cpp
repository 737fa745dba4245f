#include "manifest/comparison_prepare.h"

#include "artifacts/executor.h"
#include "artifacts/plan_upgrade.h"
#include "artifacts/quant_plan.h"
#include "core/clock.h"
#include "core/version.h"
#include "manifest/output_dir.h"
#include "manifest/plan_view.h"
#include "workflow/artifact_files.h"
#include "workflow/candidate_workdir.h"
#include "workflow/command_digest.h"
#include "workflow/gpu_pin.h"
#include "workflow/state.h"

namespace manifest {

namespace {

artifacts::CandidateFigures figures(const Estimate& e) {
  artifacts::CandidateFigures f;
  f.minutes = e.minutes;
  f.gpu_memory_gib = e.runs_on_cpu ? 0 : e.gpu_peak_gib;
  f.host_memory_gib = e.host_peak_gib;
  f.disk_gib = e.output_disk_gib;
  return f;
}

}  // namespace

bool plan_is_comparison(const workflow::Workdir& wd) {
  workflow::ArtifactStatus plan = workflow::read_artifact(wd, workflow::Artifact::plan);
  if (!plan.doc.is_object()) return false;
  auto read = artifacts::read_quant_plan(plan.doc);
  return read && read->comparison.has_value();
}

core::Result<ComparisonPrepared> prepare_comparison(const PrepareOptions& opt) {
  workflow::Workdir wd{opt.workdir};
  QPTQ_TRY_ASSIGN(workflow::Confirmation analysis_conf, workflow::require_confirmed(wd, workflow::Checkpoint::analysis));
  QPTQ_TRY_ASSIGN(workflow::Confirmation plan_conf, workflow::require_confirmed(wd, workflow::Checkpoint::plan));
  QPTQ_TRY_ASSIGN(workflow::WorkflowStatus status, workflow::status_of(wd));
  QPTQ_TRY_ASSIGN(const artifacts::QuantPlan plan, artifacts::read_quant_plan(status.plan.doc));
  if (!plan.comparison) return core::make_error(core::ExitCode::internal, "comparison.not_a_comparison");
  QPTQ_TRY_ASSIGN(PlanView top, read_plan_view(status.plan.doc, status.analysis.doc));
  // The parent of every candidate's output: checked like an output directory (not a file, not
  // inside the model or holding it); each candidate's own directory is checked by its prepare.
  QPTQ_TRY_ASSIGN(OutputDir parent, check_output_dir(opt.output_dir, top.model, top.model_is_local, /*overwrite=*/true));

  ComparisonPrepared out;
  out.record.tool_version = std::string(core::tool_version());
  out.record.created_at = core::now_utc_iso8601();
  out.record.analysis_digest = status.analysis.digest;
  out.record.plan_digest = status.plan.digest;
  out.record.output_dir = parent.path;
  const std::vector<artifacts::PlanCandidate>& candidates = plan.comparison->candidates;
  // Each candidate is offered a GPU of its own (i mod the visible GPUs; prepare pins it only
  // for a single-device plan on a host with several), so that they can run side by side.
  auto prepare_all = [&](bool side_by_side) -> core::Result<void> {
    out.record.candidates.clear();
    out.candidates.clear();
    for (std::size_t i = 0; i < candidates.size(); ++i) {
      const std::string& name = candidates[i].name;
      QPTQ_TRY_ASSIGN(workflow::Workdir sub, workflow::candidate_workdir(wd, name, /*create=*/true));
      // The candidate's own plan, to be confirmed in its workdir like any plan.
      artifacts::QuantPlan own = candidates[i].plan;
      own.requires_confirmation = true;
      QPTQ_TRY(workflow::seed_candidate(sub, status.analysis.doc, own.to_json(), analysis_conf, plan_conf));
      PrepareOptions one = opt;
      one.workdir = sub.root;
      one.output_dir = (std::filesystem::path(parent.path) / name).string();
      one.gpu_index = side_by_side ? static_cast<int>(i) : 0;
      QPTQ_TRY_ASSIGN(PrepareResult r, prepare(one));
      artifacts::ComparisonEntry e;
      e.name = name;
      e.command_digest = r.digest;
      e.command = r.display;
      e.output_dir = r.output.path;
      e.ready = r.ready;
      e.estimate = figures(r.estimate);
      if (auto recorded = workflow::read_recorded_command(r.manifest)) e.gpu = workflow::pinned_gpu(*recorded);
      auto executor = artifacts::Executor::from_json(r.executor);
      e.job = executor && executor->is_job();
      out.record.candidates.push_back(std::move(e));
      out.candidates.push_back(std::move(r));
    }
    return core::ok();
  };
  QPTQ_TRY(prepare_all(/*side_by_side=*/true));
  if (out.record.lanes().size() > 1 && !out.record.all_jobs() && !out.candidates.empty()) {
    const double free_gib = static_cast<double>(out.candidates.back().env.sys.host_memory_available_bytes) / (1024.0 * 1024 * 1024);
    const double needed_gib = out.record.total().host_memory_gib;
    if (free_gib > 0 && needed_gib > free_gib) {
      QPTQ_TRY(prepare_all(/*side_by_side=*/false));
      out.one_after_another_for_host_memory = std::make_pair(needed_gib, free_gib);
    }
  }
  QPTQ_TRY_ASSIGN(out.path, workflow::write_artifact(wd, workflow::Artifact::comparison, out.record.to_json()));
  out.record.digest = out.record.recomputed_digest();
  return out;
}

}  // namespace manifest
