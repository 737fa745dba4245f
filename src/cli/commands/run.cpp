// quark-ptq run [--approve DIGEST]: checkpoint 3 (the execution gate) and step 4, through
// flow::run. This file binds the options and renders; the question at checkpoint 3 is
// run_question.cpp's.
#include <unistd.h>

#include <memory>

#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/commands/run.h"
#include "cli/diagnosis_render.h"
#include "cli/evaluate_render.h"
#include "cli/next_step.h"
#include "cli/option_checks.h"
#include "cli/step_views.h"
#include "cli/verify_render.h"
#include "flow/documents.h"
#include "flow/run_flow.h"

namespace cli {

namespace {

// Checkpoint 4 is the verified result's: a run that failed, was stopped or whose output did
// not verify gets a heading that says so (issue 16 item 12).
std::string_view summary_heading(const flow::RunEnd& end) {
  struct Heading {
    std::string_view operator()(const flow::run_end::Verified&) const { return "run.summary_heading"; }
    std::string_view operator()(const flow::run_end::NotVerified&) const { return "run.summary_heading_not_verified"; }
    std::string_view operator()(const flow::run_end::Failed&) const { return "run.summary_heading_failed"; }
    std::string_view operator()(const flow::run_end::ExportedEvaluationFailed&) const { return "run.summary_heading_partial"; }
    std::string_view operator()(const flow::run_end::Interrupted&) const { return "run.summary_heading_interrupted"; }
  };
  return std::visit(Heading{}, end);
}

void print_summary(const Console& console, const flow::RunOutcome& outcome, const verify::VerifyReport* report) {
  const core::Json& run = outcome.run;
  console.say(summary_heading(outcome.end));
  console.say("run.summary_run", {{"status", console.enum_text("run_status", core::json_string(run, "status").value_or(""))},
                                  {"seconds", core::dump_compact(run.value("seconds", core::Json(0)))},
                                  {"log", core::json_string(run, "log").value_or("")}});
  const core::Json* peak = core::json_object(run, "peak");
  if (peak != nullptr) {
    // "N MiB", or "not measured" in the user's language (no GPU tool, no sample).
    auto show = [&console, peak](const char* key) {
      auto v = core::json_int(*peak, key);
      return v ? console.t("run.peak_mib", {{"mib", std::to_string(*v)}}) : console.enum_text("measurement", "not_measured");
    };
    // quark-cli's own share when the GPU tool lists processes; the device total includes other jobs.
    std::string gpu = core::json_int(*peak, "gpu_own_mib")
                          ? console.t("run.peak_gpu_own", {{"own", show("gpu_own_mib")}, {"device", show("gpu_memory_mib")}})
                          : show("gpu_memory_mib");
    console.say("run.summary_peak", {{"gpu", gpu}, {"host", show("group_rss_mib")}});
  }
  if (report != nullptr) print_verify_report(console, *report);
}

}  // namespace

void ConsoleRunObserver::on_launching(const std::filesystem::path& log) { m_console.say("run.starting", {{"log", log.string()}}); }
void ConsoleRunObserver::on_stage(const std::string& stage) {
  m_console.say("run.stage", {{"stage", m_console.enum_text("stage", stage)}});
}
void ConsoleRunObserver::on_stop_requested(const std::string& signal) { m_console.say("run.stopping", {{"signal", signal}}); }
void ConsoleRunObserver::on_record_failed(const core::Error& e) { m_console.error_line(e); }
void ConsoleRunObserver::on_evaluating(const evaluate::Request& r) {
  const evaluate::Settings& s = r.settings;
  m_console.say("evaluate.starting", {{"output", r.output.string()},
                                      {"source", r.source.string()},
                                      {"tokens", std::to_string(s.canary_tokens)},
                                      {"windows", std::to_string(s.windows)},
                                      {"seq_len", std::to_string(s.seq_len)},
                                      {"text", r.text.string()},
                                      {"budget", fmt::format("{:.0f}", s.budget_seconds)},
                                      {"python", r.python}});
}
void ConsoleRunObserver::on_diagnosed(const diagnose::Diagnosis& d) { print_diagnosis(m_console, d); }

int render_ran(const Console& console, const flow::RunOutcome& outcome, NextHint next) {
  const verify::VerifyReport* report = outcome.report();
  const int exit_code = core::to_int(outcome.exit_code());
  if (console.json_mode()) {
    core::Json j = flow::run_document(outcome);
    // What to do next, from the function status --json uses: the two never disagree.
    auto status = workflow::evaluate(workflow::Workdir{outcome.manifest.parent_path()});
    j["next_action"] = status ? flow::next_action_json(console.lang(), *status) : core::Json(nullptr);
    console.json(j);
  }
  print_summary(console, outcome, report);
  if (const core::Json* cut = core::json_object(outcome.run, "log_truncated")) {
    console.say("run.log_truncated", {{"log", core::json_string(outcome.run, "log").value_or("")},
                                      {"at", std::to_string(core::json_int(*cut, "at_byte").value_or(0))},
                                      {"lost", std::to_string(core::json_int(*cut, "lost_bytes").value_or(0))},
                                      {"reason", core::json_string(*cut, "reason").value_or("")}});
  }
  if (outcome.evaluation) print_evaluation(console, *outcome.evaluation);
  if (std::holds_alternative<flow::run_end::Interrupted>(outcome.end)) {
    console.say("run.interrupted_next", {{"run", user_command(outcome.manifest.parent_path(), "quark-ptq run")}});
  } else if (outcome.evaluation && outcome.evaluation->verdict != evaluate::Status::pass &&
             exit_code != core::to_int(core::ExitCode::verify_failed)) {
    // The commands as status gives them: with --workdir, the plan's --python (issue 16 item 13).
    const auto wd = outcome.manifest.parent_path();
    auto status = workflow::evaluate(workflow::Workdir{wd});
    std::string plan = status ? workflow::replan_command(*status) : "quark-ptq plan";
    console.say("run.next_evaluation_failed",
                {{"verdict", console.t("evaluate.status_" + std::string(evaluate::status_name(outcome.evaluation->verdict)))},
                 {"plan", user_command(wd, plan)},
                 {"followup", user_command(wd, "quark-ptq followup TEXT")},
                 {"accept", user_command(wd, "quark-ptq accept --despite-evaluation")}});
  } else if (report != nullptr && !(next == NextHint::asked_by_start && exit_code == 0)) {
    say_next(console, workflow::Workdir{outcome.manifest.parent_path()});
  }
  return exit_code;
}

int run_run_command(Context& ctx, const RunOptions& opt) {
  const Console& console = ctx.console;
  flow::RunRequest req{
      ctx.workdir, opt.approve, opt.user_words, opt.stop_grace_seconds, console.json_mode() ? STDERR_FILENO : STDOUT_FILENO, "", false};
  req.echo_stdout_style = Console::echo_style(req.echo_stdout_fd);
  req.echo_stderr_style = Console::echo_style(STDERR_FILENO);
  flow::MonitoredLauncher launcher;
  TerminalApproval prompt(console);
  ConsoleRunObserver observer(console);
  auto outcome = flow::run(req, launcher, prompt, observer);
  if (!outcome) return console.error(outcome.error());
  return render_ran(console, *outcome);
}

void add_run_command(CLI::App& app, const HelpText& help, CommandFn& selected) {
  auto opt = std::make_shared<RunOptions>();
  auto* sub = app.add_subcommand("run", help("help.run.summary"));
  sub->add_option("--approve", opt->approve, help("help.run.approve"));
  sub->add_option("--stop-grace", opt->stop_grace_seconds, help("help.run.stop_grace"))->check(number_between(help, 0.0, 3600.0, "FLOAT"));
  sub->callback([&selected, opt] { selected = [opt](Context& ctx) { return run_run_command(ctx, *opt); }; });
}

}  // namespace cli
