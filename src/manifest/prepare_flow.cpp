#include "manifest/prepare_flow.h"

#include <algorithm>

#include "artifacts/plan_upgrade.h"
#include "artifacts/prepared_manifest.h"
#include "artifacts/run_manifest.h"
#include "core/clock.h"
#include "core/messages.h"
#include "core/model_identity.h"
#include "core/text.h"
#include "manifest/estimate_inputs.h"
#include "manifest/evaluator_block.h"
#include "manifest/dataset_reachability.h"
#include "manifest/evaluator_python.h"
#include "manifest/manifest_doc.h"
#include "manifest/run_record.h"
#include "manifest/preflight.h"
#include "manifest/slurm_executor.h"
#include "runner/capture.h"
#include "options/prepare_table.h"
#include "core/shell_quote.h"
#include "workflow/gpu_pin.h"
#include "workflow/artifact_files.h"
#include "workflow/checkpoint.h"
#include "workflow/command_digest.h"
#include "workflow/run_liveness.h"
#include "workflow/state.h"

namespace manifest {

namespace {

std::string message_id(const char* id) { return id; }

std::vector<std::string> plan_schemes(const PlanView& plan) {
  std::vector<std::string> out = {plan.global_scheme};
  for (const auto& [pattern, scheme] : plan.layer_quant_config) {
    if (std::find(out.begin(), out.end(), scheme) == out.end()) out.push_back(scheme);
  }
  return out;
}

std::vector<envprobe::DataNeed> data_needs(const PlanView& plan) {
  // A Hub model is looked up at the commit intake read, never at a branch that may have moved.
  std::vector<envprobe::DataNeed> needs = {{"model", plan.model, plan.commit ? plan.commit : plan.revision},
                                           {"calibration", plan.calibration.dataset, std::nullopt}};
  if (plan.evaluation_intent != "none" && !plan.evaluated_by_quark_ptq)
    needs.push_back({"evaluation", plan.evaluation_dataset, std::nullopt});
  return needs;
}

core::Result<EstimateInputs> estimate_inputs(const PlanView& plan, const envprobe::EnvReport& env, const OutputDir& out) {
  EstimateInputs in = plan_estimate_inputs(plan);
  auto installed = env.py.packages.count("amd-quark") ? env.py.packages.at("amd-quark") : std::nullopt;
  QPTQ_TRY_ASSIGN(envprobe::Requirements requirements, envprobe::requirements_for(installed, plan.quark_version));
  in.quark_release = requirements.quark_version;
  // A plan for the CPU uses no GPU, even on a host that has some.
  if (plan.device != "cpu") {
    for (const auto& d : env.acc.devices) in.gpus.push_back({d.total_memory_bytes, d.free_memory_bytes});
  }
  // A pin to one GPU (pin_single_device): the estimate is of that GPU alone.
  for (const auto& [name, value] : plan.env_changes) {
    if (!workflow::is_visible_devices_variable(name)) continue;
    const std::optional<int> index = workflow::single_gpu_index(value);
    if (index && static_cast<std::size_t>(*index) < in.gpus.size()) in.gpus = {in.gpus[static_cast<std::size_t>(*index)]};
  }
  in.host_available_bytes = env.sys.host_memory_available_bytes;
  in.cpu_count = env.sys.cpu_count;  // torch.compile's worker pool in AWQ follows the machine
  in.disk_free_bytes = out.free_bytes;
  return in;
}

// The output directory and the estimate can also make the environment not ready.
void add_run_problems(const PlanView& plan, const OutputDir& out, const Estimate& est, envprobe::Verdict& v) {
  // A plan for the CPU means a release that quantizes there (the planner refuses 0.13+ for it):
  // 0.12.post1 keeps the whole model in CPU memory without this rule (docs/quark-facts.md §10.1).
  if (est.cpu_offload_gib > 0.01 && !plan.multi_device && plan.device_strategy != "cpu") {
    // Quark 0.13 refuses to calibrate a model with modules on 'cpu' without --multi_device
    // (MemoryError after loading; docs/quark-facts.md section 5).
    v.add({"weights_exceed_gpu",
           true,
           message_id("manifest.problem_weights_exceed_gpu"),
           {{"offload", gib_text(est.cpu_offload_gib)}, {"weights", gib_text(est.weights_gib)}},
           gib_text(est.gpu0_weights_gib + est.other_gpu_weights_gib) + " GiB on GPUs",
           gib_text(est.weights_gib) + " GiB"});
  }
  if (plan.multi_device && !plan.algorithms.empty()) {
    v.add({"multi_device_with_algorithms",
           false,
           message_id("manifest.problem_multi_device_algorithms"),
           {},
           "--multi_device + algorithms",
           "--multi_device without algorithms"});
  }
  if (!out.writable) {
    v.add({"output_not_writable",
           true,
           message_id("manifest.problem_output_not_writable"),
           {{"path", out.path}, {"parent", out.nearest_existing}},
           "not writable",
           "writable"});
  }
  if (est.fits_disk == false) {
    v.add({"disk_short",
           true,
           message_id("manifest.problem_disk_short"),
           {{"need", gib_text(est.output_disk_gib)}, {"free", gib_text(est.disk_free_gib)}, {"path", out.nearest_existing}},
           gib_text(est.disk_free_gib) + " GiB free",
           gib_text(est.output_disk_gib) + " GiB"});
  }
  if (est.fits_gpu == false) {
    v.add({"gpu_memory_short",
           false,
           message_id("manifest.problem_gpu_memory_short"),
           {{"need", gib_text(est.gpu_peak_gib)}, {"free", gib_text(est.gpu_available_gib)}},
           gib_text(est.gpu_available_gib) + " GiB",
           gib_text(est.gpu_peak_gib) + " GiB"});
  }
}

// quark-cli (0.12.post1 and 0.13) calls get_tokenizer() without the trust flag, so it loads
// the tokenizer with trust_remote_code=True whatever the command says, and that load follows
// tokenizer_config.json's auto_map and config.json's (AutoConfig) alike: the code either names
// would run inside quark-cli. Said plainly at checkpoint 3, naming the code, and blocking
// unless the plan accepts remote code explicitly.
void add_remote_code_problems(const PlanView& plan, envprobe::Verdict& v) {
  struct Source {
    const char* code;
    const char* label;  // the recorded problem's English "found" text
    const std::vector<std::string>& classes;
    const char* blocked;
    const char* accepted;
  };
  const Source sources[] = {
      {"tokenizer_remote_code", "tokenizer code: ", plan.analysis.tokenizer_code, "manifest.problem_tokenizer_code",
       "manifest.problem_tokenizer_code_accepted"},
      {"config_remote_code", "config.json code: ", plan.analysis.config_code, "manifest.problem_config_code",
       "manifest.problem_config_code_accepted"},
  };
  for (const Source& s : sources) {
    if (s.classes.empty()) continue;
    std::string list = core::join(s.classes);
    v.add({s.code,
           !plan.trust_remote_code,
           message_id(plan.trust_remote_code ? s.accepted : s.blocked),
           {{"classes", list}, {"path", plan.model}},
           s.label + list,
           plan.trust_remote_code ? "accepted" : "no remote code"});
  }
}

// quark-cli 0.13 has no way to pin a Hub revision (--model_dir goes to from_pretrained as it
// is), so given a repo id it would load whatever the default branch holds at run time, not the
// commit checkpoint 1 confirmed. The command runs on the local snapshot of
// that commit in the Hugging Face cache (the argv, so the approval, names it); without a
// recorded commit it blocks here, and without the snapshot the data check blocks with the
// download route (envprobe/data_readiness.h).
void route_hub_model(PlanView& plan, const envprobe::EnvReport& env, envprobe::Verdict& v) {
  if (plan.model_is_local) return;
  if (!plan.commit) {
    v.add({"model_commit_unknown",
           true,
           message_id("manifest.problem_model_commit_unknown"),
           {{"repo", plan.model}, {"command", "quark-ptq analyze " + core::shell_quote(plan.model)}},
           "no commit recorded",
           "the commit analysed"});
    return;
  }
  for (const auto& d : env.data) {
    if (d.role == "model" && d.status == "cached" && !d.location.empty()) plan.hub_snapshot = d.location;
  }
}

// A single-device plan on a host with several visible GPUs: Quark's device_map="auto" would
// spread the model over all of them, so pin one (GPU 0, or the comparison's `gpu_index`) - an
// environment change that is shown and approved with the command. A visible-devices variable
// the user already set is preserved.
void pin_single_device(PlanView& plan, const envprobe::EnvReport& env, std::optional<int> gpu_index) {
  if (plan.device_strategy != "single" || plan.device != "cuda" || env.acc.devices.size() < 2) return;
  std::string var = env.acc.kind == "amd-rocm" ? "HIP_VISIBLE_DEVICES" : env.acc.kind == "nvidia-cuda" ? "CUDA_VISIBLE_DEVICES" : "";
  if (var.empty()) return;
  for (const auto& name : {std::string("HIP_VISIBLE_DEVICES"), std::string("CUDA_VISIBLE_DEVICES"), std::string("ROCR_VISIBLE_DEVICES")}) {
    auto it = env.py.variables.find(name);
    if (it != env.py.variables.end() && it->second) return;
  }
  for (const auto& [name, value] : plan.env_changes) {
    if (name == var) return;
  }
  const auto count = static_cast<int>(env.acc.devices.size());
  plan.env_changes.emplace_back(var, std::to_string(gpu_index ? ((*gpu_index % count) + count) % count : 0));
}

// A manifest that already holds a run is never silently dropped: a live run refuses the
// rewrite; a finished one moves, with its command digest and result, into `history`.
core::Result<core::Json> carried_history(const workflow::ArtifactStatus& old) {
  if (!old.doc.is_object()) return core::Json::array();
  if (artifacts::manifest_run_as_read(old.doc) && workflow::assess_run(old.doc).phase == workflow::RunPhase::running) {
    return core::make_error(core::ExitCode::bad_input, "manifest.run_in_progress")
        .with("path", old.path.string())
        .with("command", "quark-ptq status");
  }
  core::Json doc = old.doc;
  artifacts::retire_run(doc, core::now_utc_iso8601());
  return artifacts::recorded_history(doc);
}

std::vector<std::string> expected_files(const PlanView& plan) {
  std::vector<std::string> files = {"config.json", "*.safetensors", "tokenizer_config.json"};
  for (const auto& f : plan.tokenizer_files) {
    if (std::find(files.begin(), files.end(), f) == files.end()) files.push_back(f);
  }
  return files;
}

// The model's identity as checkpoint 1 confirmed it, checked against the files now: a local
// model swapped or edited since the analysis must be analysed again, never run under it.
core::Result<artifacts::ModelIdentity> model_identity(const PlanView& plan) {
  std::optional<artifacts::ModelIdentity> recorded;
  if (plan.analysis.source && plan.analysis.source->identity.is_object()) {
    QPTQ_TRY_ASSIGN(recorded, artifacts::ModelIdentity::from_json(plan.analysis.source->identity));
  }
  if (!plan.model_is_local) {
    artifacts::ModelIdentity id;
    if (recorded) {
      id = *recorded;
    } else {
      id.kind = "hub";
      id.repo_id = plan.model;
    }
    if (plan.hub_snapshot) {
      // The snapshot quark-cli reads: checked again before the launch like a local model.
      QPTQ_TRY_ASSIGN(core::Json snapshot, core::local_model_identity(*plan.hub_snapshot));
      QPTQ_TRY_ASSIGN(artifacts::ModelIdentity read, artifacts::ModelIdentity::from_json(snapshot));
      id.snapshot = std::make_shared<const artifacts::ModelIdentity>(std::move(read));
    }
    return id;
  }
  if (!core::is_directory(plan.model) && !recorded) {
    // Nothing recorded and nothing to read (the environment check reports the missing model).
    artifacts::ModelIdentity none;
    none.kind = "local";
    none.path = plan.model;
    return none;
  }
  QPTQ_TRY_ASSIGN(core::Json files, core::local_model_identity(plan.model));
  QPTQ_TRY_ASSIGN(artifacts::ModelIdentity now, artifacts::ModelIdentity::from_json(files));
  if (recorded) {
    std::string diff = artifacts::identity_difference(*recorded, now);
    if (!diff.empty()) {
      return core::make_error(core::ExitCode::stale, "manifest.model_changed")
          .with("path", plan.model)
          .with("change", diff)
          .with("command", "quark-ptq analyze " + plan.model);
    }
  }
  return now;
}

}  // namespace

core::Result<PrepareResult> prepare(const PrepareOptions& opt) {
  workflow::Workdir wd{opt.workdir};
  QPTQ_TRY(workflow::require_confirmed(wd, workflow::Checkpoint::plan));
  QPTQ_TRY_ASSIGN(workflow::WorkflowStatus status, workflow::status_of(wd));
  // A comparison (plan --compare) is prepared by prepare_comparison (comparison_prepare.h),
  // which calls this for each candidate's own workdir: here it is refused before anything is
  // probed or written, rather than running its first candidate as a single plan.
  if (auto read = artifacts::read_quant_plan(status.plan.doc); read && read->comparison) {
    return core::make_error(core::ExitCode::usage, "manifest.comparison_not_runnable");
  }
  QPTQ_TRY_ASSIGN(PlanView plan, read_plan_view(status.plan.doc, status.analysis.doc));

  QPTQ_TRY_ASSIGN(std::optional<SlurmRequest> slurm, read_slurm_request(opt));
  QPTQ_TRY_ASSIGN(core::Json history, carried_history(status.manifest));
  PrepareResult r;
  r.trust_remote_code = plan.trust_remote_code;
  QPTQ_TRY_ASSIGN(r.output, check_output_dir(opt.output_dir, plan.model, plan.model_is_local, opt.overwrite));

  envprobe::ProbeOptions probe;
  probe.python_flag = opt.python;
  probe.schemes = plan_schemes(plan);
  probe.device = plan.device;
  probe.quark_version_hint = plan.quark_version;
  probe.data = data_needs(plan);
  probe.system = opt.system;
  probe.getenv = opt.getenv;
  probe.dataset_reachable = opt.dataset_reachable ? opt.dataset_reachable : hub_dataset_reachability(opt.getenv);
  // The job's environment is checked where the job will run: a job step on its partition.
  auto preflight_run = std::make_shared<PreflightRun>();
  // The steps quark-ptq runs for a job land where the job will: its extra lines' placement.
  cluster::StepExtras extras;
  if (slurm) {
    extras =
        step_extras_here(slurm->given, runner::find_program("sbatch").value_or("sbatch"), runner::find_program("srun").value_or("srun"));
  }
  if (slurm && slurm->preflight_on_job) {
    QPTQ_TRY_ASSIGN(JobGpus gpus, job_gpus(slurm->given, plan));
    cluster::Directives step = slurm->given;
    step.gpus = gpus.gpus;
    auto srun = runner::find_program("srun");
    if (!srun) {
      return core::make_error(core::ExitCode::env_not_ready, "prepare.preflight_not_started")
          .with("partition", step.partition.value_or("(the default partition)"))
          .with("words", "there is no srun on PATH");
    }
    probe.run_elsewhere = job_step_runner(step, *srun, kPreflightTimeoutSeconds, preflight_run, extras);
    probe.elsewhere_timeout_seconds = kPreflightTimeoutSeconds;
  }
  QPTQ_TRY_ASSIGN(r.env, envprobe::probe_environment(probe));

  // A Slurm job gets the GPUs Slurm gives it (--gpus) and the visible-devices variables Slurm
  // sets for them: a pin read from this (login) node would name a GPU the job may not own.
  if (!slurm) pin_single_device(plan, r.env, opt.gpu_index);
  QPTQ_TRY_ASSIGN(EstimateInputs inputs, estimate_inputs(plan, r.env, r.output));
  inputs.evaluator_beside_quark_cli = !slurm;
  QPTQ_TRY_ASSIGN(r.estimate, estimate_resources(inputs));
  add_run_problems(plan, r.output, r.estimate, r.env.verdict);
  if (plan.python && !r.env.env.python.empty() && *plan.python != r.env.env.python) {
    // The plan was checked against another installed Quark: say so, the user decides.
    r.env.verdict.add({"python_differs_from_plan",
                       false,
                       message_id("manifest.problem_python_differs"),
                       {{"plan_python", *plan.python}, {"python", r.env.env.python}},
                       r.env.env.python,
                       *plan.python});
  }
  add_remote_code_problems(plan, r.env.verdict);
  route_hub_model(plan, r.env, r.env.verdict);
  std::string eval_python = r.env.env.python;
  if (plan.evaluated_by_quark_ptq) {
    const EvalCheck check =
        opt.eval_check ? opt.eval_check : EvalCheck([](const std::string& p) { return envprobe::check_eval_python(p); });
    QPTQ_TRY_ASSIGN(EvaluatorPython chosen, choose_evaluator_python(opt.eval_python, r.env.env.python, opt.getenv, opt.self_dir, check));
    eval_python = chosen.python;
    for (auto& p : chosen.problems) r.env.verdict.add(std::move(p));
  } else if (!opt.eval_python.empty()) {
    QPTQ_TRY_ASSIGN(envprobe::PythonEnv e, envprobe::resolve_python_env(opt.eval_python, opt.getenv));
    eval_python = e.python;
  }
  EvaluatorBlock evaluator = evaluator_block(plan, eval_python, r.output.path);
  for (auto& p : evaluator.problems) r.env.verdict.add(std::move(p));
  r.evaluator = evaluator.block;
  std::optional<std::string> sbatch;
  if (slurm) {
    sbatch = runner::find_program("sbatch");
    adjust_verdict_for_slurm(r.env.verdict, sbatch.has_value(), slurm->preflight_on_job);
  }
  r.ready = r.env.verdict.ready;

  std::string quark_cli = r.env.env.quark_cli.empty() ? "quark-cli" : r.env.env.quark_cli;
  QPTQ_TRY_ASSIGN(r.command, build_command(plan, quark_cli, r.output.path));
  r.display = core::display_command(r.command.argv, r.command.env_changes);
  r.expected_files = expected_files(plan);
  QPTQ_TRY_ASSIGN(artifacts::ModelIdentity identity, model_identity(plan));

  std::string prepare_line = options::prepare_command(opt);
  ManifestParts parts{plan, status, r.env, r.estimate, r.output, r.command, r.display, r.expected_files, identity, prepare_line};
  QPTQ_TRY_ASSIGN(artifacts::PreparedManifest manifest, build_manifest(parts));
  artifacts::Executor executor = local_executor();
  if (slurm) {
    const artifacts::Preflight preflight = slurm->preflight_on_job ? job_preflight(*preflight_run, r.env) : login_preflight();
    const EvaluationPlace evaluation{r.evaluator.is_null() ? 0 : evaluator.deadline_seconds, runner::find_program("srun").value_or("srun"),
                                     extras};
    // Asked of slurmctld only where sbatch is here (else the verdict already blocks).
    SubmissionChecker check;
    if (sbatch) {
      check = [sinfo = runner::find_program("sinfo").value_or("sinfo")](const cluster::Directives& d, const std::vector<std::string>& argv,
                                                                        const std::string& script) {
        return cluster::check_submission(d, argv, script, sinfo);
      };
    }
    QPTQ_TRY_ASSIGN(executor,
                    slurm_executor(*slurm, plan, r.estimate, r.command, wd.root, sbatch.value_or("sbatch"), preflight, evaluation, check));
  }
  r.executor = executor.to_json();
  manifest.executor = std::move(executor);
  manifest.evaluator = r.evaluator;
  // The digest covers the document around the command (without history, which comes after).
  r.digest = workflow::recompute_command_digest(manifest.to_json());
  manifest.command.digest = r.digest;
  manifest.history = history;
  r.manifest = manifest.to_json();
  r.path = wd.manifest();
  QPTQ_TRY(workflow::write_artifact(wd, workflow::Artifact::manifest, r.manifest));
  return r;
}

}  // namespace manifest
