#include "manifest/slurm_executor.h"

#include <algorithm>
#include <cmath>

#include "cluster/batch_script.h"
#include "cluster/job_step.h"
#include "cluster/resources.h"
#include "cluster/sbatch.h"
#include "core/fs.h"
#include "core/text.h"
#include "knowledge/estimate_constants.h"

namespace manifest {

namespace {

bool any_slurm_option(const options::PrepareOptions& o) {
  return !o.partition.empty() || o.gpus || o.cpus || !o.mem.empty() || !o.time_limit.empty() || !o.account.empty() ||
         !o.sbatch_extra.empty() || !o.preflight.empty();
}

// Problems whose evidence is this host's GPUs, which a login node need not have.
constexpr std::string_view k_gpu_codes[] = {"no_gpu",
                                            "torch_gpu_unavailable",
                                            "gpu_memory_short",
                                            "weights_exceed_gpu",
                                            "arch_not_compiled",
                                            "accelerator_unknown",
                                            "torch_build_mismatch",
                                            "driver_too_old",
                                            "scheme_not_native",
                                            "quark_needs_gpu",
                                            "gfx_override_contradicts",
                                            "visible_devices_disagree"};

std::vector<std::string> checked(bool on_node, bool asked_slurmctld) {
  std::vector<std::string> out = {"sbatch on PATH on this host", "every resource value and extra #SBATCH line as sbatch reads it"};
  if (asked_slurmctld) {
    out.push_back(
        "the exact submission as slurmctld takes it (sbatch --test-only with the script): partition, account, QOS, features, the "
        "memory and GPUs a node has, the extra #SBATCH lines");
    out.push_back("the job's time limit against the partition's (sinfo)");
  }
  if (on_node) {
    out.push_back(
        "the Python environment, packages, torch, GPUs, driver, memory and OS on a node of the partition, from a job step with the "
        "job's resources (executor.preflight)");
    out.push_back("the data on this host (shared with the nodes only if the filesystem is)");
  } else {
    out.push_back("the Python environment, packages and data on this host (shared with the nodes only if the filesystem is)");
  }
  return out;
}

std::vector<std::string> not_checked(bool on_node, bool asked_slurmctld) {
  std::vector<std::string> out;
  if (asked_slurmctld) {
    out.push_back("limits slurmctld applies only when it schedules the job (association and QOS limits such as GrpTRES), and the wait");
  } else {
    out.push_back("the partition, account, limits and extra #SBATCH lines (slurmctld answers at submission)");
  }
  if (on_node) {
    out.push_back("that the node the job gets is the one the preflight ran on, or one like it");
  } else {
    out.push_back("the compute node's GPUs, driver and torch build");
  }
  out.push_back("that the workdir, the model and the data are visible from the compute node");
  return out;
}

}  // namespace

core::Result<std::optional<SlurmRequest>> read_slurm_request(const options::PrepareOptions& o) {
  if (o.executor == "local") {
    if (any_slurm_option(o)) return core::make_error(core::ExitCode::usage, "prepare.slurm_option_local");
    return std::optional<SlurmRequest>{};
  }
  if (o.executor != "slurm") return core::make_error(core::ExitCode::usage, "prepare.bad_executor").with("value", o.executor);
  SlurmRequest r;
  if (!o.preflight.empty() && o.preflight != "job" && o.preflight != "login") {
    return core::make_error(core::ExitCode::usage, "prepare.bad_preflight").with("value", o.preflight);
  }
  r.preflight_on_job = o.preflight != "login";
  cluster::Directives& d = r.given;
  d.job_name = "quark-ptq";
  if (!o.partition.empty()) d.partition = o.partition;
  if (o.gpus) d.gpus = static_cast<unsigned>(*o.gpus);
  if (o.cpus) d.cpus_per_task = static_cast<unsigned>(*o.cpus);
  if (!o.mem.empty()) {
    QPTQ_TRY_ASSIGN(auto mib, cluster::parse_mem_mib(o.mem));
    d.mem_mib = mib;
  }
  if (!o.time_limit.empty()) {
    QPTQ_TRY_ASSIGN(auto minutes, cluster::parse_time_limit_minutes(o.time_limit));
    d.time_limit_minutes = minutes;
  }
  if (!o.account.empty()) d.account = o.account;
  // Each value is checked as sbatch would take it now, before anything is probed.
  QPTQ_TRY(cluster::directive_options(d));
  if (!o.sbatch_extra.empty()) {
    auto text = core::read_file(o.sbatch_extra);
    if (!text) {
      return core::make_error(core::ExitCode::bad_input, "prepare.sbatch_extra_unreadable")
          .with("path", o.sbatch_extra)
          .with_detail(text.error().id);
    }
    // Checked against every option quark-ptq may set, defaults included.
    cluster::Directives all = d;
    all.partition = all.partition.value_or("x");
    all.gpus = all.gpus.value_or(1);
    all.cpus_per_task = all.cpus_per_task.value_or(1);
    all.mem_mib = all.mem_mib.value_or(1);
    all.time_limit_minutes = all.time_limit_minutes.value_or(1);
    all.account = all.account.value_or("x");
    all.output = "/x";
    QPTQ_TRY_ASSIGN(d.extra_lines, cluster::read_extra_lines(*text, all));
  }
  return std::optional<SlurmRequest>{std::move(r)};
}

artifacts::Executor local_executor() { return artifacts::Executor{}; }

std::filesystem::path slurm_script_path(const std::filesystem::path& workdir) { return workdir / "slurm" / "job.sbatch"; }
std::filesystem::path slurm_output_path(const std::filesystem::path& workdir) { return workdir / "logs" / "slurm-job.out"; }

core::Result<JobGpus> job_gpus(const cluster::Directives& given, const PlanView& plan) {
  if (given.gpus) return JobGpus{given.gpus, "given"};
  if (plan.device == "cpu" || plan.device_strategy == "cpu") return JobGpus{std::nullopt, "plan_cpu"};
  if (plan.device_strategy == "multi_device" || plan.multi_device)
    return core::make_error(core::ExitCode::usage, "prepare.slurm_gpus_needed");
  return JobGpus{1u, "plan"};
}

core::Result<artifacts::Executor> slurm_executor(const SlurmRequest& req, const PlanView& plan, const Estimate& est,
                                                 const BuiltCommand& cmd, const std::filesystem::path& workdir, const std::string& sbatch,
                                                 const artifacts::Preflight& preflight, const EvaluationPlace& evaluation,
                                                 const SubmissionChecker& check) {
  QPTQ_TRY_ASSIGN(const knowledge::EstimateConstants* k, knowledge::estimate_constants());
  cluster::Directives d = req.given;
  artifacts::ResourceSources sources;
  QPTQ_TRY_ASSIGN(JobGpus gpus, job_gpus(d, plan));
  d.gpus = gpus.gpus;
  sources.gpus = gpus.source;
  sources.mem = d.mem_mib ? "given" : "estimate";
  if (!d.mem_mib) {
    const double gib = std::max(est.host_peak_gib * (1 + k->slurm.memory_margin_pct / 100), k->slurm.minimum_memory_gib);
    d.mem_mib = static_cast<std::uint64_t>(std::ceil(gib * 1024));
  }
  sources.time_limit = d.time_limit_minutes ? "given" : "estimate";
  if (!d.time_limit_minutes) {
    const double minutes = std::max(est.quark_cli_seconds * (1 + k->slurm.time_margin_pct / 100) / 60, k->slurm.minimum_minutes);
    d.time_limit_minutes = static_cast<unsigned>(std::ceil(minutes));
  }
  d.output = slurm_output_path(workdir).string();

  cluster::BatchJob job;
  job.argv = cmd.argv;
  for (const auto& [name, value] : cmd.env_changes) job.env.push_back({name, value});
  job.workdir = workdir.string();
  job.directives = d;
  QPTQ_TRY_ASSIGN(std::string script, cluster::batch_script(job));
  const std::string script_path = slurm_script_path(workdir).string();
  QPTQ_TRY_ASSIGN(std::vector<std::string> argv, cluster::sbatch_argv(d, script_path, sbatch));

  // A GPU job's output is measured on a GPU of the partition, not on this node's CPU.
  artifacts::Executor e;
  e.kind = "slurm";
  if (evaluation.deadline_seconds > 0 && d.gpus && *d.gpus > 0) {
    const auto minutes = static_cast<unsigned>(std::ceil(evaluation.deadline_seconds / 60));
    QPTQ_TRY_ASSIGN(std::vector<std::string> srun,
                    cluster::evaluation_srun_prefix(d, minutes, evaluation.srun, evaluation.placement.options));
    artifacts::EvaluationStep step;
    step.srun = std::move(srun);
    step.time_limit_minutes = minutes;
    step.gpus = 1;
    step.left_out = evaluation.placement.left_out;
    e.evaluation_step = std::move(step);
  }

  if (check) {
    QPTQ_TRY_ASSIGN(cluster::SubmissionCheck said, check(d, argv, script));
    std::optional<std::int64_t> limit;
    if (said.partition_limit) limit = *said.partition_limit;
    e.submission_check = artifacts::SubmissionCheck{said.answer, said.partition, limit};
  }
  const bool on_node = preflight.where == "job";
  auto whole = [](const auto& v) { return v ? std::optional<std::int64_t>(*v) : std::nullopt; };
  e.resources.job_name = d.job_name;
  e.resources.partition = d.partition;
  e.resources.gpus = whole(d.gpus);
  e.resources.cpus_per_task = whole(d.cpus_per_task);
  e.resources.mem_mib = whole(d.mem_mib);
  e.resources.time_limit_minutes = whole(d.time_limit_minutes);
  e.resources.account = d.account;
  e.resources.extra_lines = d.extra_lines;
  e.sources = sources;
  e.margin = artifacts::SlurmMargin{k->slurm.memory_margin_pct,  k->slurm.time_margin_pct, k->slurm.minimum_minutes,
                                    k->slurm.minimum_memory_gib, est.host_peak_gib,        est.quark_cli_seconds};
  e.script_path = script_path;
  e.script = script;
  e.output = *d.output;
  e.sbatch_argv = argv;
  e.preflight = preflight;
  // Said in the manifest as in docs/cluster.md: what prepare checked before checkpoint 3,
  // and what only the job itself will find out.
  e.checked_before_submission = checked(on_node, static_cast<bool>(check));
  e.not_checked_before_submission = not_checked(on_node, static_cast<bool>(check));
  return e;
}

void adjust_verdict_for_slurm(envprobe::Verdict& v, bool sbatch_found, bool checked_on_node) {
  if (checked_on_node) {
    if (!sbatch_found) {
      v.add({"sbatch_missing", true, "manifest.problem_sbatch_missing", {}, "no sbatch on PATH", "sbatch (Slurm's client commands)"});
    }
    return;
  }
  std::vector<std::string> moved;
  for (auto& p : v.problems) {
    if (std::find(std::begin(k_gpu_codes), std::end(k_gpu_codes), p.code) == std::end(k_gpu_codes)) continue;
    if (p.blocking) moved.push_back(p.code);
    p.blocking = false;
  }
  v.ready = std::none_of(v.problems.begin(), v.problems.end(), [](const envprobe::Problem& p) { return p.blocking; });
  if (!moved.empty())
    v.add({"slurm_gpu_not_checked",
           false,
           "manifest.problem_slurm_gpu_not_checked",
           {{"codes", core::join(moved)}},
           "checked on the login node",
           "the partition's nodes"});
  if (!sbatch_found) {
    v.add({"sbatch_missing", true, "manifest.problem_sbatch_missing", {}, "no sbatch on PATH", "sbatch (Slurm's client commands)"});
  }
}

}  // namespace manifest
