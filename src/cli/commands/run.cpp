// quark-ptq run [--approve DIGEST]: checkpoint 3 (the execution gate) and step 4. Runs the
// recorded command exactly, monitors it, diagnoses a failure (never retries), verifies the
// output, and records everything in run_manifest.yaml beside the unchanged command.
#include <unistd.h>

#include <memory>
#include <optional>

#include "cli/commands.h"
#include "cli/commands/run.h"
#include "cli/run_approval.h"
#include "cli/run_manifest_io.h"
#include "cli/run_record.h"
#include "cli/verify_render.h"
#include "runner/run_lock.h"
#include "runner/run_log.h"
#include "core/clock.h"
#include "diagnose/rules.h"
#include "verify/verify_output.h"
#include "workflow/launch_checks.h"
#include "workflow/run_liveness.h"
#include "workflow/state.h"

namespace cli {

namespace {

// The manifest as it must be before anything runs: present, valid, current, environment ready,
// command consistent with its digest.
core::Result<workflow::WorkflowStatus> check_gates(const workflow::Workdir& wd) {
  auto plan_confirmed = workflow::require_confirmed(wd, workflow::Checkpoint::plan);
  if (!plan_confirmed) return core::fail(std::move(plan_confirmed).error());
  QPTQ_TRY_ASSIGN(workflow::WorkflowStatus st, workflow::evaluate(wd));
  using A = workflow::ArtifactState;
  const std::string path = wd.manifest().string();
  if (st.manifest.state == A::missing) {
    return core::make_error(core::ExitCode::not_confirmed, "run.no_manifest").with("path", path);
  }
  if (st.manifest.state == A::invalid) {
    return core::make_error(core::ExitCode::bad_input, "run.manifest_invalid").with("path", path).with_detail(st.manifest.problem);
  }
  if (st.manifest.state == A::stale) {
    return core::make_error(core::ExitCode::stale, "run.manifest_stale").with("path", path).with_detail(st.manifest.problem);
  }
  const core::Json* ready = core::json_at(st.manifest.doc, "environment/verdict/ready");
  if (ready == nullptr || !ready->is_boolean() || !ready->get<bool>()) {
    std::string problems;
    if (const core::Json* p = core::json_at(st.manifest.doc, "environment/verdict/problems"); p != nullptr && p->is_array()) {
      for (const auto& item : *p) {
        std::string text = item.is_string() ? item.get<std::string>() : core::json_string(item, "message").value_or(core::dump_compact(item));
        problems += (problems.empty() ? "" : "; ") + text;
      }
    }
    return core::make_error(core::ExitCode::env_not_ready, "run.env_not_ready").with("path", path).with_detail(problems);
  }
  if (auto live = workflow::assess_run(st.manifest.doc); live.phase == workflow::RunPhase::running) {
    const core::Json* pid = core::json_at(st.manifest.doc, "run/pid");
    return core::make_error(core::ExitCode::bad_input, "run.already_running")
        .with("pid", pid != nullptr ? core::dump_compact(*pid) : "?")
        .with_detail(live.reason);
  }
  return st;
}

// The output directory from the manifest (outputs.output_dir), else from --output_dir in argv.
std::string output_dir_of(const core::Json& manifest, const workflow::RecordedCommand& cmd) {
  if (const core::Json* outputs = core::json_object(manifest, "outputs")) {
    if (auto o = core::json_string(*outputs, "output_dir"); o && !o->empty()) return *o;
  }
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

verify::VerifyOptions verify_options(const workflow::Workdir& wd, const core::Json& manifest, const workflow::RecordedCommand& cmd,
                                     const std::string& output_dir, const runner::RunOutcome& out) {
  verify::VerifyOptions o;
  o.output_dir = output_dir;
  if (auto plan = core::read_json_file(wd.plan())) o.plan = std::move(plan).value();
  if (const core::Json* inputs = core::json_object(manifest, "inputs")) {
    if (auto model = core::json_string(*inputs, "model"); model && !model->empty() && model->front() == '/' && core::is_directory(*model)) {
      o.source_dir = *model;
    }
  }
  o.evaluation_expected = !has_arg(cmd, "--skip_evaluation");
  o.perplexity = out.perplexity;
  return o;
}

void print_summary(const Console& console, const core::Json& run, const verify::VerifyReport* report) {
  console.say("run.summary_heading");
  console.say("run.summary_run", {{"status", core::json_string(run, "status").value_or("")},
                                  {"seconds", core::dump_compact(run.value("seconds", core::Json(0)))},
                                  {"log", core::json_string(run, "log").value_or("")}});
  const core::Json* peak = core::json_object(run, "peak");
  if (peak != nullptr) {
    auto show = [peak](const char* key) {
      auto v = core::json_int(*peak, key);
      return v ? std::to_string(*v) : std::string("-");
    };
    // quark-cli's own share when the GPU tool lists processes; the device total includes other jobs.
    std::string gpu = core::json_int(*peak, "gpu_own_mib") ? show("gpu_own_mib") + " MiB (device " + show("gpu_memory_mib") + " MiB)" : show("gpu_memory_mib") + " MiB";
    console.say("run.summary_peak", {{"gpu", gpu}, {"host", show("group_rss_mib")}});
  }
  if (report != nullptr) print_verify_report(console, *report);
}

}  // namespace

int run_run_command(Context& ctx, const RunOptions& opt) {
  const Console& console = ctx.console;
  workflow::Workdir wd{ctx.workdir};
  auto st = check_gates(wd);
  if (!st) return console.error(st.error());
  core::Json manifest = st->manifest.doc;
  auto cmd = workflow::read_recorded_command(manifest);
  if (!cmd) return console.error(cmd.error());
  if (workflow::command_digest(*cmd) != cmd->digest) {
    return console.error(core::make_error(core::ExitCode::not_approved, "run.command_changed").with("path", wd.manifest().string()));
  }
  std::string output_dir = output_dir_of(manifest, *cmd);
  if (output_dir.empty()) return console.error(core::make_error(core::ExitCode::bad_input, "run.no_output_dir").with("path", wd.manifest().string()));

  // Checkpoint 3: nothing has been created or started before this point.
  auto approval = obtain_approval(console, wd, *st, *cmd, output_dir, opt.approve, opt.user_words);
  if (!approval) return console.error(approval.error());

  // One run per workdir and per output directory; the locks pass to quark-cli and end with it.
  auto wd_lock = runner::DirectoryLock::acquire(wd.root, "workdir");
  if (!wd_lock) return console.error(wd_lock.error());
  if (auto r = workflow::check_output_dir_still_free(*cmd); !r) return console.error(r.error());
  if (auto r = workflow::check_model_unchanged(*cmd); !r) return console.error(r.error());
  if (auto r = core::create_directories(output_dir); !r) return console.error(r.error());
  auto out_lock = runner::DirectoryLock::acquire(output_dir, "output directory");
  if (!out_lock) return console.error(out_lock.error());
  if (auto r = core::create_directories(wd.logs()); !r) return console.error(r.error());
  std::string log_rel = "logs/" + runner::unique_log_name();

  ManifestWriter writer(wd, manifest);
  core::Json& doc = writer.doc();
  doc.erase("result");
  const workflow::ProcessIdentity self = workflow::current_process_identity();
  doc["run"] = {{"status", "running"},
                {"pid", self.pid},
                {"process_start_ticks", self.start_ticks},
                {"boot_id", self.boot_id},
                {"started_at", core::now_utc_iso8601()},
                {"approved_digest", cmd->digest},
                {"log", log_rel}};
  if (auto w = writer.write(); !w) return console.error(w.error());
  console.say("run.starting", {{"log", (wd.root / log_rel).string()}});

  runner::CommandSpec spec;
  spec.argv = cmd->argv;
  for (const auto& e : cmd->env_changes) spec.env_set.push_back({e.name, e.value});
  runner::MonitorOptions mo;
  mo.log_path = wd.root / log_rel;
  mo.stop_grace_seconds = opt.stop_grace_seconds;
  mo.echo_stdout_fd = console.json_mode() ? STDERR_FILENO : STDOUT_FILENO;
  RunProgress progress(console, writer);
  auto out = runner::run_monitored(spec, mo, &progress);
  if (!out) {
    doc["run"]["status"] = "failed";
    doc["run"]["error"] = core::render_error(core::Lang::en, out.error());
    (void)writer.write();
    return console.error(out.error());
  }

  core::Json run = run_section(*out, log_rel);
  run["pid"] = self.pid;
  run["process_start_ticks"] = self.start_ticks;
  run["boot_id"] = self.boot_id;
  run["approved_digest"] = cmd->digest;
  int exit_code = 0;
  std::optional<verify::VerifyReport> report;
  if (run["status"] == "interrupted") {
    exit_code = core::to_int(core::ExitCode::interrupted);
  } else if (run["status"] == "failed") {
    auto rules = diagnose::RuleSet::from_knowledge();
    if (!rules) return console.error(rules.error());
    diagnose::Diagnosis d = rules->classify(failure_context(*out, manifest));
    core::Json dj = d.to_json();
    dj["command"] = {{"argv", cmd->argv}, {"display", cmd->display}, {"digest", cmd->digest}};
    dj["exit_code"] = run["exit_code"];
    dj["signal"] = run["signal"];
    dj["stage"] = out->stages.empty() ? core::Json(nullptr) : core::Json(out->stages.back().name);
    dj["versions"] = {{"torch", environment_version(manifest, {"torch", "pytorch"})},
                      {"transformers", environment_version(manifest, {"transformers"})},
                      {"amd-quark", environment_version(manifest, {"amd-quark", "amd_quark", "quark"})}};
    dj["resources"] = run["peak"];
    run["diagnosis"] = dj;
    console.say("run.failed", {{"rule", d.rule}, {"category", d.category}});
    console.say("run.cause", {{"text", d.cause(console.lang())}});
    for (const auto& e : d.evidence) console.line("    " + e);
    console.say("run.suggestion", {{"text", d.suggestion(console.lang())}, {"checkpoint", std::to_string(d.return_to_checkpoint)}});
    if (d.category == "evaluation_after_export") {
      // The model was exported: verify it; the result is partial with the reason.
      auto vo = verify_options(wd, manifest, *cmd, output_dir, *out);
      vo.evaluation_failure = d.evidence.empty() ? d.cause(core::Lang::en) : d.evidence.back();
      report = verify::verify_output(vo);
      exit_code = core::to_int(core::ExitCode::verify_failed);
    } else {
      exit_code = core::to_int(core::ExitCode::run_failed);
    }
  } else {
    report = verify::verify_output(verify_options(wd, manifest, *cmd, output_dir, *out));
    exit_code = report->passed() ? 0 : core::to_int(core::ExitCode::verify_failed);
  }
  doc["run"] = run;
  if (report) doc["result"] = report->to_json();
  if (auto w = writer.write(); !w) return console.error(w.error());

  if (console.json_mode()) {
    core::Json j = {{"manifest", wd.manifest().string()}, {"run", run}};
    j["result"] = report ? report->to_json() : core::Json(nullptr);
    j["exit_code"] = exit_code;
    console.json(j);
  }
  print_summary(console, run, report ? &*report : nullptr);
  if (exit_code == core::to_int(core::ExitCode::interrupted)) {
    console.say("run.interrupted_next");
  } else if (report) {
    console.say("run.next_checkpoint4");
  }
  return exit_code;
}

void add_run_command(CLI::App& app, CommandFn& selected) {
  auto opt = std::make_shared<RunOptions>();
  auto* sub = app.add_subcommand("run", "Checkpoint 3 and step 4: approve and run the exact command, then verify the output");
  sub->add_option("--approve", opt->approve, "The command digest printed by prepare (approves without a prompt)");
  sub->add_option("--stop-grace", opt->stop_grace_seconds, "Seconds between forwarding Ctrl-C/SIGTERM to quark-cli and killing it (default 10)")
      ->check(CLI::Range(0.0, 3600.0));
  sub->callback([&selected, opt] { selected = [opt](Context& ctx) { return run_run_command(ctx, *opt); }; });
}

}  // namespace cli
