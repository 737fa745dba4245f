#include "flow/run_flow.h"

#include <cstdio>
#include <utility>

#include "artifacts/evaluator.h"
#include "artifacts/executor.h"
#include "cluster/job_step.h"
#include "core/clock.h"
#include "core/fs.h"
#include "core/text.h"
#include "artifacts/prepared_manifest.h"
#include "evaluate/settings_json.h"
#include "flow/job_launch.h"
#include "flow/phase_times.h"
#include "flow/plan_input.h"
#include "manifest/run_manifest_file.h"
#include "manifest/estimate.h"
#include "manifest/run_record.h"
#include "report/write_report.h"
#include "runner/run_lock.h"
#include "runner/run_log.h"
#include "verify/early_hasher.h"
#include "verify/verify_output.h"
#include "workflow/gpu_pin.h"
#include "workflow/approval.h"
#include "workflow/decide.h"
#include "workflow/evaluator_inputs.h"
#include "workflow/launch_checks.h"
#include "workflow/run_liveness.h"
#include "workflow/state.h"

namespace flow {

namespace {

// Set aside while quark-cli runs, removed before the final record (runner::DiskReserve).
constexpr const char* kRunReserveName = ".run-reserve";

constexpr std::string_view kDigestPrefix = "sha256:";

// The manifest as it must be before anything runs: present, valid, current, environment ready,
// no run in progress.
core::Result<workflow::WorkflowStatus> check_gates(const workflow::Workdir& wd) {
  auto plan_confirmed = workflow::require_confirmed(wd, workflow::Checkpoint::plan);
  if (!plan_confirmed) return core::fail(std::move(plan_confirmed).error());
  QPTQ_TRY_ASSIGN(workflow::WorkflowStatus st, workflow::status_of(wd));
  using A = workflow::ArtifactState;
  const std::string path = wd.manifest().string();
  if (st.manifest.state == A::missing) {
    return core::make_error(core::ExitCode::not_confirmed, "run.no_manifest")
        .with("path", path)
        .with("command", "quark-ptq prepare --output-dir DIR");
  }
  if (st.manifest.state == A::invalid) {
    return core::make_error(core::ExitCode::bad_input, "run.manifest_invalid")
        .with("path", path)
        .with("command", "quark-ptq prepare")
        .with_detail(st.manifest.problem);
  }
  if (st.manifest.state == A::stale) {
    return core::make_error(core::ExitCode::stale, "run.manifest_stale")
        .with("path", path)
        .with("command", "quark-ptq prepare")
        .with_detail(st.manifest.problem);
  }
  const artifacts::EnvironmentRecord env =
      artifacts::prepared_sections_as_read(st.manifest.doc).environment.value_or(artifacts::EnvironmentRecord{});
  if (!env.ready()) {
    // The problems themselves are listed by status, in the reader's language (the recorded
    // lines are English).
    return core::make_error(core::ExitCode::env_not_ready, "run.env_not_ready")
        .with("path", path)
        .with("count", std::to_string(env.verdict ? env.verdict->problems.size() : 0))
        .with("status", "quark-ptq status")
        .with("command", "quark-ptq prepare");
  }
  if (auto live = workflow::assess_run(st.manifest.doc);
      live.phase == workflow::RunPhase::running && live.reason_id != "workflow.run_reason.job_unfollowed") {
    if (live.reason_id.empty()) {
      auto recorded = artifacts::manifest_run_as_read(st.manifest.doc);
      return core::make_error(core::ExitCode::bad_input, "run.already_running")
          .with("pid", recorded && recorded->pid ? std::to_string(*recorded->pid) : "?");
    }
    // Why it still counts as running (quark-cli outlived quark-ptq), in the reader's language.
    core::Error e = core::make_error(core::ExitCode::bad_input, "run.already_running_because")
                        .with("reason", live.reason)
                        .with("reason_id", live.reason_id);
    for (const auto& a : live.reason_args) e.with("reason." + a.name, a.value);
    return e;
  }
  return st;
}

// The output directory from the manifest (outputs.output_dir), else from --output_dir in argv.
std::string output_dir_of(const artifacts::RunManifest& manifest, const workflow::RecordedCommand& cmd) {
  if (manifest.output_dir && !manifest.output_dir->empty()) return *manifest.output_dir;
  for (std::size_t i = 0; i + 1 < cmd.argv.size(); ++i) {
    if (cmd.argv[i] == "--output_dir") return cmd.argv[i + 1];
  }
  return "";
}

bool has_arg(const workflow::RecordedCommand& cmd, const std::string& flag) {
  for (const auto& a : cmd.argv) {
    if (a == flag) return true;
  }
  return false;
}

// Checkpoint 3: --approve must name the manifest's digest; otherwise the prompt asks and the
// answer must be one of the approval words. An approval already in checkpoints.json never
// counts here: the workdir is writable by agents and scripts, so only the person's words in
// this process approve a launch (recorded for the audit trail, not as a pass). Recorded through workflow::approve_execution,
// judged on `snapshot`, the status the gates evaluated and `cmd` was read from: the digest is
// checked against the same bytes that run, never against a second read.
core::Result<workflow::Confirmation> obtain_approval(const workflow::Workdir& wd, const workflow::WorkflowStatus& snapshot,
                                                     const PendingCommand& pending, const RunRequest& req, ApprovalPrompt& prompt,
                                                     RunObserver& observer) {
  const workflow::RecordedCommand& cmd = pending.command;
  const std::string& output_dir = pending.output_dir;
  if (pending.repeats && !req.repeat_acknowledged) {
    // The same command failed last time for a reason the plan must fix: a digest typed ahead
    // (perhaps copied from that run's hint) is not enough; the person is asked with the
    // diagnosis in view, or it is refused.
    if (!prompt.can_ask()) {
      return core::make_error(core::ExitCode::not_approved, "run.repeat_needs_question")
          .with("rule", pending.repeats->rule)
          .with("checkpoint", std::to_string(pending.repeats->return_to))
          .with("command", "quark-ptq run");
    }
    observer.on_repeat_warning(*pending.repeats);
    auto answer = prompt.ask_approval(cmd, output_dir);
    if (!answer || !workflow::is_execution_approval(*answer)) {
      return core::make_error(core::ExitCode::not_approved, "run.declined").with("answer", answer.value_or(""));
    }
    return workflow::approve_execution(wd, snapshot, cmd.digest, *answer, req.via);
  }
  if (!req.approve.empty()) {
    std::string digest = normalize_digest(req.approve);
    return workflow::approve_execution(wd, snapshot, digest, req.user_words.empty() ? "--approve " + digest : req.user_words, req.via);
  }
  if (!prompt.can_ask()) {
    return core::make_error(core::ExitCode::not_approved, "run.no_terminal")
        .with("digest", cmd.digest)
        .with("command", cmd.display)
        .with("approve", "quark-ptq run --approve " + cmd.digest);  // the console adds --workdir
  }
  auto answer = prompt.ask_approval(cmd, output_dir);
  if (!answer || !workflow::is_execution_approval(*answer)) {
    return core::make_error(core::ExitCode::not_approved, "run.declined").with("answer", answer.value_or(""));
  }
  return workflow::approve_execution(wd, snapshot, cmd.digest, *answer, req.via);
}

verify::VerifyOptions verify_options(const workflow::Workdir& wd, const artifacts::RunManifest& manifest,
                                     const workflow::RecordedCommand& cmd, const std::string& output_dir,
                                     const runner::MonitoredOutcome& out) {
  verify::VerifyOptions o;
  o.output_dir = output_dir;
  // The manifest that ran was prepared from this plan by the same reader, so a plan that does
  // not read here is one that changed since; verification then checks structure only, as
  // without a plan.
  o.plan = read_plan_input(wd.plan());
  if (const auto& model = manifest.model; model && !model->empty() && model->front() == '/' && core::is_directory(*model)) {
    o.source_dir = *model;
  }
  o.evaluation_expected = !has_arg(cmd, "--skip_evaluation");
  o.perplexity = out.perplexity;
  return o;
}

// Verification's hashing progress, passed on to the observer.
class HashProgress : public verify::VerifyProgress {
 public:
  explicit HashProgress(RunObserver& observer) : m_observer(observer) {}
  void on_hashing(std::uint64_t done, std::uint64_t total) override { m_observer.on_hashing(done, total); }

 private:
  RunObserver& m_observer;
};

// "90", "2.5": a figure for a message.
std::string figure(std::optional<double> v) {
  if (!v) return "?";
  char buf[32];
  std::snprintf(buf, sizeof buf, *v >= 10 || *v == static_cast<long long>(*v) ? "%.0f" : "%.1f", *v);
  return buf;
}

// What a job's end is judged by: Slurm's words, and the limits the job asked for beside the
// estimate they came from (a TIMEOUT or OUT_OF_MEMORY suggestion names both).
std::vector<core::MessageArg> job_facts(const cluster::JobOutcome& job, const core::Json& executor) {
  // The section was read before the job was submitted; one that does not read says nothing.
  auto e = artifacts::Executor::from_json(executor);
  const artifacts::SlurmResources res = e ? e->resources : artifacts::SlurmResources{};
  const std::optional<artifacts::SlurmMargin> margin = e ? e->margin : std::nullopt;
  auto scaled = [](std::optional<std::int64_t> v, double by) {
    return v ? std::optional<double>(static_cast<double>(*v) / by) : std::nullopt;
  };
  return {{"job_id", job.job_id},
          {"slurm_state", job.last.raw_state.empty() ? std::string(cluster::job_state_name(job.last.state)) : job.last.raw_state},
          {"slurm_reason", job.last.reason.empty() ? std::string("-") : job.last.reason},
          {"time_limit_minutes", figure(scaled(res.time_limit_minutes, 1))},
          {"estimate_minutes", figure(margin ? std::optional<double>(margin->quark_cli_seconds / 60.0) : std::nullopt)},
          {"mem_gib", figure(scaled(res.mem_mib, 1024.0))},
          {"host_estimate_gib", figure(margin ? std::optional<double>(margin->host_estimate_gib) : std::nullopt)}};
}

// The context a diagnosis needs from the outcome and the recorded environment.
diagnose::FailureContext failure_context(const runner::MonitoredOutcome& out, const artifacts::EnvironmentRecord& env,
                                         const std::optional<cluster::JobOutcome>& job, const core::Json& executor) {
  diagnose::FailureContext ctx;
  ctx.log = out.log_tail;
  ctx.exit_code = out.exit_code;
  ctx.signal = out.signal;
  ctx.stage = out.stages.empty() ? std::string() : out.stages.back().name;
  ctx.export_done = out.export_done;
  auto mib = [](const std::optional<std::int64_t>& v) { return v ? std::to_string(*v) + " MiB" : std::string("not measured"); };
  ctx.known_facts = {
      {"installed_transformers", env.transformers_version().value_or("unknown")},
      {"installed_torch", env.torch_version().value_or("unknown")},
      {"installed_quark", env.quark_version().value_or("unknown")},
      {"exit_status",
       out.exit_code ? std::to_string(*out.exit_code) : (out.signal ? std::string("signal ") + std::to_string(*out.signal) : "?")},
      {"peak_gpu_mib", out.resources.peak_gpu_own_mib && out.resources.peak_gpu_used_mib
                           ? mib(out.resources.peak_gpu_own_mib) + " (device: " + mib(out.resources.peak_gpu_used_mib) + ")"
                           : mib(out.resources.peak_gpu_used_mib)},
      {"peak_host_mib", mib(out.resources.peak_group_rss_mib)},
      {"stage", ctx.stage.empty() ? std::string("start") : ctx.stage},
  };
  if (job) {
    ctx.job_state = std::string(cluster::job_state_name(job->last.state));
    auto facts = job_facts(*job, executor);
    ctx.known_facts.insert(ctx.known_facts.end(), facts.begin(), facts.end());
  }
  return ctx;
}

// Step 4's evaluation as checkpoint 3 approved it (the manifest's `evaluator`, covered by the
// digest): nothing here comes from anywhere else.
evaluate::Request evaluation_request(const workflow::Workdir& wd, const artifacts::Evaluator& evaluator,
                                     const workflow::RecordedCommand& cmd) {
  evaluate::Request r;
  r.python = evaluator.python;
  r.source = evaluator.source;
  r.output = evaluator.output;
  r.text = evaluator.text;
  r.settings = evaluate::settings_of(evaluator.settings);
  r.work_dir = wd.root / "evaluation";
  r.echo_fd = 2;
  // Every candidate of a comparison is judged against the same source: measured once, kept.
  r.baseline = evaluate::BaselineCache::for_this_user();
  // The run's GPU pin: a candidate beside others is evaluated on its own GPU.
  for (const auto& e : cmd.env_changes) {
    if (workflow::is_visible_devices_variable(e.name)) r.env.emplace_back(e.name, e.value);
  }
  // A GPU job's evaluation runs as a job step of its own on the job's partition.
  if (auto executor = artifacts::Executor::from_json(cmd.executor); executor && executor->evaluation_step) {
    r.launch_prefix = executor->evaluation_step->srun;
    r.start_wait_seconds = cluster::kStepStartWaitSeconds;
  }
  return r;
}

// The world outside the workdir checked again just before the evaluation: the source may have
// changed during the run, the held-out text or the interpreter since the approval. Why the
// evaluation must not run, or nothing.
std::optional<evaluate::Reason> evaluation_blocked(const workflow::RecordedCommand& cmd, const artifacts::Evaluator& evaluator) {
  auto change_of = [](const core::Error& e) {
    const std::string* c = e.arg("change");
    return c != nullptr ? *c : e.id;
  };
  if (auto model = workflow::check_model_unchanged(cmd); !model)
    return evaluate::Reason{"evaluate.reason.model_changed", {{"change", change_of(model.error())}}};
  if (auto inputs = workflow::check_evaluator_unchanged(evaluator); !inputs) {
    return evaluate::Reason{"evaluate.reason.inputs_changed", {{"change", change_of(inputs.error())}}};
  }
  return std::nullopt;
}

// Lets an evaluator started beside quark-cli go unused on every way out of the run, errors
// included (after the evaluation it holds none).
class EvaluatorRelease {
 public:
  explicit EvaluatorRelease(Launcher& launcher) : m_launcher(launcher) {}
  ~EvaluatorRelease() { m_launcher.release_evaluator(); }
  EvaluatorRelease(const EvaluatorRelease&) = delete;
  EvaluatorRelease& operator=(const EvaluatorRelease&) = delete;

 private:
  Launcher& m_launcher;
};

// Follows the child for the manifest: its pid once started, each stage as it begins.
class ManifestProgress final : public runner::MonitorObserver {
 public:
  ManifestProgress(manifest::RunManifestFile& file, artifacts::Run& run, flow::RunObserver& observer)
      : m_file(file), m_run(run), m_observer(observer) {}

  void on_started(int pid) override {
    m_run.child_pid = pid;
    // With its start time, `status` can tell a quark-cli that outlived a killed quark-ptq from
    // a reused pid (workflow::assess_run).
    if (auto id = workflow::process_identity(pid)) m_run.child_start_ticks = static_cast<std::int64_t>(id->start_ticks);
    record();
  }
  void on_stage(const runner::StageRecord& stage) override {
    m_observer.on_stage(stage.name);
    m_run.stage = stage.name;
    record();
  }
  void on_stop_requested(int signal) override { m_observer.on_stop_requested(manifest::signal_name(signal)); }
  void on_progress(const runner::LiveProgress& p) override { m_observer.on_progress(p); }

 private:
  void record() {
    artifacts::put_run(m_file.doc(), m_run);
    if (auto w = m_file.write(); !w) m_observer.on_record_failed(w.error());
  }

  manifest::RunManifestFile& m_file;
  artifacts::Run& m_run;
  flow::RunObserver& m_observer;
};

}  // namespace

cluster::InterruptAnswer RunObserver::on_job_interrupt(int signal) { return cluster::default_interrupt_answer(signal); }

std::string normalize_digest(std::string_view given) {
  // "SHA256:ABC..." as typed or pasted is the same digest: the prefix once, hex in lower case.
  std::string g(core::trim(given, " \t\r\n"));
  for (char& c : g) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  if (g.starts_with(kDigestPrefix)) return g;
  return std::string(kDigestPrefix) + g;
}

core::ExitCode RunOutcome::exit_code() const {
  struct {
    core::ExitCode operator()(const run_end::Verified&) const { return core::ExitCode::ok; }  // the evaluation decides below
    core::ExitCode operator()(const run_end::NotVerified&) const { return core::ExitCode::verify_failed; }
    core::ExitCode operator()(const run_end::Failed&) const { return core::ExitCode::run_failed; }
    core::ExitCode operator()(const run_end::ExportedEvaluationFailed&) const { return core::ExitCode::verify_failed; }
    core::ExitCode operator()(const run_end::Interrupted&) const { return core::ExitCode::interrupted; }
    core::ExitCode operator()(const run_end::Detached&) const { return core::ExitCode::interrupted; }
  } code;
  core::ExitCode c = std::visit(code, end);
  if (c == core::ExitCode::ok && evaluation) {
    if (evaluation->interrupted) return core::ExitCode::interrupted;
    if (evaluation->verdict != evaluate::Status::pass) return core::ExitCode::eval_failed;
  }
  return c;
}

const verify::VerifyReport* RunOutcome::report() const {
  if (const auto* v = std::get_if<run_end::Verified>(&end)) return &v->report;
  if (const auto* v = std::get_if<run_end::NotVerified>(&end)) return &v->report;
  if (const auto* v = std::get_if<run_end::ExportedEvaluationFailed>(&end)) return &v->report;
  return nullptr;
}

namespace {

// The manifest's last run, when it was this command and failed with a diagnosis that sends
// the person back to the plan.
std::optional<RepeatedFailure> repeated_failure(const core::Json& manifest, const std::string& digest) {
  auto run = artifacts::manifest_run_as_read(manifest);
  if (!run || run->status.value_or("") != "failed" || run->approved_digest.value_or("") != digest) return std::nullopt;
  auto d = run->diagnosis ? diagnose::Diagnosis::from_record(*run->diagnosis) : std::nullopt;
  if (!d || d->return_to_checkpoint > 2) return std::nullopt;
  return RepeatedFailure{d->rule, d->return_to_checkpoint};
}

// The Slurm job of the manifest's run that no quark-ptq follows now (workflow::assess_run):
// its id when it was submitted for this very command, so that `run` follows it again instead
// of submitting a second job. Empty when there is none.
core::Result<std::string> unfollowed_job(const core::Json& manifest, const std::string& digest) {
  auto live = workflow::assess_run(manifest);
  if (live.phase != workflow::RunPhase::running || live.reason_id != "workflow.run_reason.job_unfollowed") return std::string();
  auto run = artifacts::manifest_run_as_read(manifest);
  const std::string job = run && run->job ? run->job->id : std::string();
  if (job.empty() || !run->approved_digest || *run->approved_digest != digest) {
    return core::make_error(core::ExitCode::bad_input, "run.job_other_command").with("job", job.empty() ? "?" : job);
  }
  return job;
}

// The gates, then the recorded command as it will run.
core::Result<std::pair<workflow::WorkflowStatus, PendingCommand>> read_pending(const workflow::Workdir& wd) {
  QPTQ_TRY_ASSIGN(workflow::WorkflowStatus st, check_gates(wd));
  PendingCommand p;
  p.manifest = st.manifest.doc;
  QPTQ_TRY_ASSIGN(p.command, workflow::read_recorded_command(p.manifest));
  if (workflow::command_digest(p.command) != p.command.digest) {
    return core::make_error(core::ExitCode::not_approved, "run.command_changed")
        .with("path", wd.manifest().string())
        .with("command", "quark-ptq prepare");
  }
  // An executor this release does not know must never fall back to running quark-cli here,
  // under an approval given for something else.
  if (auto executor = artifacts::Executor::from_json(p.command.executor); executor && !executor->is_job() && executor->kind != "local") {
    return core::make_error(core::ExitCode::env_not_ready, "run.executor_not_available")
        .with("kind", executor->kind)
        .with("command", "quark-ptq prepare --executor local");
  }
  QPTQ_TRY_ASSIGN(p.recorded, artifacts::RunManifest::from_json(p.manifest));
  p.output_dir = output_dir_of(p.recorded, p.command);
  QPTQ_TRY_ASSIGN(p.follow_job, unfollowed_job(p.manifest, p.command.digest));
  p.repeats = p.follow_job.empty() ? repeated_failure(p.manifest, p.command.digest) : std::nullopt;
  if (p.output_dir.empty())
    return core::make_error(core::ExitCode::bad_input, "run.no_output_dir")
        .with("path", wd.manifest().string())
        .with("command", "quark-ptq prepare --output-dir DIR");
  return std::make_pair(std::move(st), std::move(p));
}

}  // namespace

core::Result<PendingCommand> pending_command(const std::filesystem::path& workdir) {
  QPTQ_TRY_ASSIGN(auto read, read_pending(workflow::Workdir{workdir}));
  return std::move(read.second);
}

core::Result<RunOutcome> run(const RunRequest& req, Launcher& launcher, ApprovalPrompt& prompt, RunObserver& observer) {
  workflow::Workdir wd{req.workdir};
  PhaseTimes phases;
  QPTQ_TRY_ASSIGN(auto read, read_pending(wd));
  phases.mark("gates");
  const workflow::WorkflowStatus& st = read.first;
  const core::Json& manifest = read.second.manifest;
  const workflow::RecordedCommand& cmd = read.second.command;
  const std::string& output_dir = read.second.output_dir;
  // Step 4's evaluation as checkpoint 3 approved it: the recorded command's section, which the
  // digest covers.
  std::optional<artifacts::Evaluator> evaluator;
  if (cmd.evaluator.is_object()) {
    QPTQ_TRY_ASSIGN(artifacts::Evaluator e, artifacts::Evaluator::from_json(cmd.evaluator));
    evaluator = std::move(e);
  }

  // Checkpoint 3: nothing has been created or started before this point. A job submitted
  // earlier for this command is followed again instead of submitting a second one, but only
  // on the person's approval in this process, as a run: the record that names the job is in
  // the workdir, which others can write, and following it ends in verification and the
  // evaluation.
  const std::string& attach_to = read.second.follow_job;
  QPTQ_TRY(obtain_approval(wd, st, read.second, req, prompt, observer));
  phases.skip();  // the person's time to answer is not the tool's

  // One run per workdir and per output directory. The locks are held until
  // the manifest's last write below; their descriptors pass to quark-cli, so a quark-cli that
  // outlives a killed quark-ptq still holds them (runner/run_lock.h).
  QPTQ_TRY_ASSIGN(runner::DirectoryLock workdir_lock, runner::DirectoryLock::acquire(wd.root, "workdir"));
  // The world outside the workdir may have changed since prepare (items 6 and 11); a job
  // followed again is already writing the output.
  if (attach_to.empty()) {
    QPTQ_TRY(workflow::check_output_dir_still_free(cmd));
    QPTQ_TRY(workflow::check_model_unchanged(cmd));
  }
  // Room for the final record however full the run leaves the disk: without it a run on a
  // nearly full disk could not record how it ended, so nothing starts.
  runner::DiskReserve reserve = runner::DiskReserve::create(wd.root / kRunReserveName, runner::kRunDiskReserveBytes);
  if (!reserve.held()) {
    return core::make_error(core::ExitCode::env_not_ready, "run.no_disk_reserve")
        .with("path", (wd.root / kRunReserveName).string())
        .with("mib", std::to_string(runner::kRunDiskReserveBytes >> 20));
  }
  QPTQ_TRY(core::create_directories(output_dir));
  QPTQ_TRY_ASSIGN(runner::DirectoryLock output_lock, runner::DirectoryLock::acquire(output_dir, "output directory"));
  QPTQ_TRY(core::create_directories(wd.logs()));
  // Created exclusively by the runner, at a name nobody can plant a link under (item 9).
  std::string log_rel = "logs/" + runner::unique_log_name();

  manifest::RunManifestFile file(wd, manifest);
  core::Json& doc = file.doc();
  // A previous attempt (a failed run of this same command, say) stays in the history; its
  // figures never describe this run.
  const workflow::ProcessIdentity self = workflow::current_process_identity();
  artifacts::Run running;
  if (attach_to.empty()) {
    artifacts::retire_run(doc, core::now_utc_iso8601());
    running = manifest::running_section(self, core::now_utc_iso8601(), cmd.digest, log_rel);
  } else {
    // This process follows the job now: the record is the same run, owned by us, with a log
    // of its own (the job's output is read again from its start).
    auto recorded = artifacts::manifest_run_as_read(doc);
    running = manifest::running_section(self, recorded && recorded->started_at ? *recorded->started_at : core::now_utc_iso8601(),
                                        cmd.digest, log_rel);
    if (recorded) running.job = std::move(recorded->job);
  }
  artifacts::put_run(doc, running);
  QPTQ_TRY(file.write());
  if (const auto& estimate = read.second.recorded.estimate; estimate && estimate->quark_cli_seconds) {
    observer.on_estimate(*estimate->quark_cli_seconds);
  }
  observer.on_launching(wd.root / log_rel);

  runner::CommandSpec spec;
  spec.argv = cmd.argv;
  for (const auto& e : cmd.env_changes) spec.env_set.push_back({e.name, e.value});
  runner::MonitorOptions mo;
  mo.log_path = wd.root / log_rel;
  mo.stop_grace_seconds = req.stop_grace_seconds;
  mo.echo_stdout_fd = req.echo_stdout_fd;
  mo.echo_stderr_fd = req.echo_stderr_fd;
  mo.stop = req.stop;
  mo.progress_interval = req.progress_interval;
  mo.echo_stdout_style = req.echo_stdout_style;
  mo.echo_stderr_style = req.echo_stderr_style;
  ManifestProgress progress(file, running, observer);
  // Safetensors files that quark-cli has finished are hashed while it writes the rest, and
  // evaluates or exits; verification reuses only the digests whose files did not
  // change since (verify/early_hasher.h).
  verify::EarlyHasher early(output_dir);
  early.start();
  phases.mark("launch_checks");
  std::optional<cluster::JobOutcome> job;
  // The evaluator imports its libraries while quark-cli runs, not after it, and waits to be told
  // to go; whatever way this run ends short of its evaluation, it goes unused. A job's
  // evaluator starts after the job, as the job runs elsewhere.
  EvaluatorRelease unused_evaluator{launcher};
  auto out = [&]() -> core::Result<runner::MonitoredOutcome> {
    if (!runs_as_job(cmd.executor)) {
      if (evaluator) launcher.start_evaluator(evaluation_request(wd, *evaluator, cmd));
      return launcher.launch(spec, mo, &progress);
    }
    QPTQ_TRY_ASSIGN(JobLaunch launched, launch_job(wd, cmd.executor, log_rel, attach_to, req, launcher, file, running, observer));
    job = std::move(launched.job);
    return std::move(launched.run);
  }();
  phases.mark("quark_cli");
  verify::StampedDigests early_digests = early.finish();
  phases.mark("hash_tail");
  reserve.release();  // the writes below are the run's record
  if (!out) {
    running.status = "failed";
    running.error = core::render_error(core::Lang::en, out.error());
    artifacts::put_run(doc, running);
    (void)file.write();
    (void)report::write_report(wd, req.lang);  // says the run failed; the launcher's error is what the caller shows
    return core::fail(std::move(out).error());
  }
  if (job && job->detached) {
    // The job runs on without us: the record stays `running`, with the job to follow again.
    if (!running.job) {
      running.job.emplace();
      running.job->id = job->job_id;
    }
    running.job->detached_at = core::now_utc_iso8601();
    running.job->states_seen = job->states_seen;
    if (job->lost) running.job->lost = true;
    running.stage = out->stages.empty() ? std::nullopt : std::optional<std::string>(out->stages.back().name);
    artifacts::put_run(doc, running);
    QPTQ_TRY(file.write());
    return RunOutcome{wd.manifest(), running.to_json(),
                      run_end::Detached{job->job_id, std::string(cluster::job_state_name(job->last.state))}, std::nullopt};
  }

  artifacts::Run run = manifest::finished_section(*out, log_rel, self, cmd.digest);
  if (job) run.job = manifest::finished_job(running.job.value_or(artifacts::SlurmJob{}), *job);
  HashProgress hash_progress(observer);
  std::optional<RunEnd> end;
  if (run.status == "interrupted") {
    end = run_end::Interrupted{};
  } else if (run.status == "failed") {
    QPTQ_TRY_ASSIGN(diagnose::RuleSet rules, diagnose::RuleSet::from_knowledge());
    const artifacts::EnvironmentRecord env =
        artifacts::prepared_sections_as_read(manifest).environment.value_or(artifacts::EnvironmentRecord{});
    diagnose::Diagnosis d = rules.classify(failure_context(*out, env, job, cmd.executor));
    run.diagnosis = d.record();
    run.diagnosis->run = manifest::diagnosed_run({cmd, out->exit_code, out->signal,
                                                  out->stages.empty() ? std::nullopt : std::optional<std::string>(out->stages.back().name),
                                                  env.torch_version().value_or("unknown"), env.transformers_version().value_or("unknown"),
                                                  env.quark_version().value_or("unknown"), run.peak});
    observer.on_diagnosed(d);
    if (d.category == "evaluation_after_export") {
      // The model was exported: verify it; the result is partial with the reason.
      auto vo = verify_options(wd, read.second.recorded, cmd, output_dir, *out);
      vo.earlier = early_digests;
      vo.progress = &hash_progress;
      vo.evaluation_failure = d.evidence.empty() ? d.cause(core::Lang::en) : d.evidence.back();
      end = run_end::ExportedEvaluationFailed{std::move(d), verify::verify_output(vo)};
    } else {
      end = run_end::Failed{std::move(d)};
    }
  } else {
    auto vo = verify_options(wd, read.second.recorded, cmd, output_dir, *out);
    vo.earlier = std::move(early_digests);
    vo.progress = &hash_progress;
    verify::VerifyReport report = verify::verify_output(vo);
    if (report.passed()) {
      end = run_end::Verified{std::move(report)};
    } else {
      end = run_end::NotVerified{std::move(report)};
    }
  }
  RunOutcome outcome{wd.manifest(), core::Json(nullptr), std::move(*end), std::nullopt};
  if (outcome.report() != nullptr) {
    phases.mark("verify");
  } else if (std::holds_alternative<run_end::Failed>(outcome.end)) {
    phases.mark("diagnose");
  }  // an interrupted run is neither verified nor diagnosed
  run.phases = phases.recorded();
  run.hash_tail_bytes = static_cast<std::int64_t>(early.tail_bytes());
  outcome.run = run.to_json();
  artifacts::put_run(doc, run);
  if (const verify::VerifyReport* report = outcome.report()) artifacts::put_result(doc, report->record());
  if (!std::holds_alternative<run_end::Verified>(outcome.end)) launcher.release_evaluator();
  if (evaluator && outcome.report() != nullptr) {
    evaluate::Request er = evaluation_request(wd, *evaluator, cmd);
    er.stop = req.stop;
    er.stop_grace_seconds = req.stop_grace_seconds;  // the grace the person gave quark-cli
    er.echo_style = req.echo_stderr_style;
    er.lang = req.lang;
    // Recorded before the evaluation starts: a crash or Ctrl-C in it leaves the verification on
    // disk, and while it runs the result is not-run, so checkpoint 4 cannot be passed on an
    // evaluation that has not ended.
    artifacts::Evaluation in_progress = evaluate::not_run(er.settings, {"evaluate.reason.in_progress", {}}).record();
    artifacts::put_evaluation(doc, in_progress);
    QPTQ_TRY(file.write());
    if (!std::holds_alternative<run_end::Verified>(outcome.end)) {
      outcome.evaluation = evaluate::not_run(er.settings, {"evaluate.reason.not_verified", {}});
    } else if (auto blocked = evaluation_blocked(cmd, *evaluator)) {
      launcher.release_evaluator();
      outcome.evaluation = evaluate::not_run(er.settings, std::move(*blocked));
    } else {
      // The evaluator's process beside the in-progress record: if quark-ptq is killed now, the
      // evaluator lives on, and status and a second run must say so (workflow::assess_run).
      er.on_started = [&doc, &file, &observer, &in_progress](int pid) {
        auto id = workflow::process_identity(pid);
        if (!id) return;
        in_progress.process = artifacts::EvaluatorProcess{id->pid, static_cast<std::int64_t>(id->start_ticks), id->boot_id};
        artifacts::put_evaluation(doc, in_progress);
        if (auto written = file.write(); !written) observer.on_record_failed(written.error());
      };
      observer.on_evaluating(er);
      outcome.evaluation = launcher.evaluate(er);
    }
    artifacts::put_evaluation(doc, outcome.evaluation->record());
    phases.mark("evaluation");
    run.phases = phases.recorded();
    outcome.run = run.to_json();
    artifacts::put_run(doc, run);
  }
  QPTQ_TRY(file.write());
  outcome.report_html = report::write_report(wd, req.lang);
  return outcome;
}

}  // namespace flow
