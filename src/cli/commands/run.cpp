// quark-ptq run [--approve DIGEST]: checkpoint 3 (the execution gate) and step 4, through
// flow::run. This file binds the options and renders; the question at checkpoint 3 is
// run_question.cpp's, the progress while it runs run_progress.cpp's.
#include <unistd.h>

#include <memory>

#include "cli/commands.h"
#include "cli/comparison_views.h"
#include "cli/commands/run.h"
#include "cli/evaluate_render.h"
#include "cli/next_step.h"
#include "cli/option_checks.h"
#include "cli/report_render.h"
#include "cli/step_views.h"
#include "cli/verify_render.h"
#include "flow/documents.h"
#include "flow/run_flow.h"
#include "artifacts/run_manifest.h"

namespace cli {

namespace {

// Checkpoint 4 is the verified result's: a run that failed, was stopped or whose output did
// not verify gets a heading that says so.
std::string_view summary_heading(const flow::RunEnd& end) {
  struct Heading {
    std::string_view operator()(const flow::run_end::Verified&) const { return "run.summary_heading"; }
    std::string_view operator()(const flow::run_end::NotVerified&) const { return "run.summary_heading_not_verified"; }
    std::string_view operator()(const flow::run_end::Failed&) const { return "run.summary_heading_failed"; }
    std::string_view operator()(const flow::run_end::ExportedEvaluationFailed&) const { return "run.summary_heading_partial"; }
    std::string_view operator()(const flow::run_end::Interrupted&) const { return "run.summary_heading_interrupted"; }
    std::string_view operator()(const flow::run_end::Detached&) const { return "run.summary_heading_detached"; }
  };
  return std::visit(Heading{}, end);
}

void print_run_summary(const Console& console, const flow::RunOutcome& outcome, const artifacts::Run& run, bool heading) {
  if (heading) console.say(summary_heading(outcome.end));
  console.say(
      "run.summary_run",
      {{"status", console.enum_text("run_status", run.status.value_or(""))}, {"seconds", run.seconds_text}, {"log", run.log.value_or("")}});
  if (run.peak) {
    // "N MiB", or "not measured" in the user's language (no GPU tool, no sample).
    auto show = [&console](std::optional<std::int64_t> mib) {
      return mib ? console.t("run.peak_mib", {{"mib", std::to_string(*mib)}}) : console.enum_text("measurement", "not_measured");
    };
    // quark-cli's own share when the GPU tool lists processes; the device total includes other jobs.
    const artifacts::RunPeak& peak = *run.peak;
    std::string gpu = peak.gpu_own_mib
                          ? console.t("run.peak_gpu_own", {{"own", show(peak.gpu_own_mib)}, {"device", show(peak.gpu_memory_mib)}})
                          : show(peak.gpu_memory_mib);
    console.say("run.summary_peak", {{"gpu", gpu}, {"host", show(peak.group_rss_mib)}});
  }
  if (const verify::VerifyReport* report = outcome.report()) print_verify_report(console, *report);
  if (const auto& cut = run.log_truncated) {
    console.say("run.log_truncated", {{"log", run.log.value_or("")},
                                      {"at", std::to_string(cut->at_byte)},
                                      {"lost", std::to_string(cut->lost_bytes)},
                                      {"reason", cut->reason.value_or("")}});
  }
}

}  // namespace

int render_ran(const Console& console, const flow::RunOutcome& outcome, NextHint next) {
  const int exit_code = core::to_int(outcome.exit_code());
  const auto wd = outcome.manifest.parent_path();
  if (console.json_mode()) console.json(flow::run_document(console.lang(), outcome));
  auto run = artifacts::read_run(outcome.run);
  print_run_summary(console, outcome, run ? *run : artifacts::Run{}, next != NextHint::part_of_comparison);
  if (outcome.evaluation) print_evaluation(console, *outcome.evaluation);
  if (outcome.report_html) say_report(console, *outcome.report_html);
  const bool judged = outcome.evaluation && outcome.evaluation->verdict != evaluate::Status::pass &&
                      exit_code != core::to_int(core::ExitCode::verify_failed);
  if (next == NextHint::part_of_comparison) {
    // The comparison says what comes next, once, after its last candidate.
  } else if (const auto* detached = std::get_if<flow::run_end::Detached>(&outcome.end)) {
    console.say("run.detached_next", {{"job", detached->job_id},
                                      {"state", console.enum_text("job_state", detached->state)},
                                      {"run", user_command(wd, "quark-ptq run")},
                                      {"status", user_command(wd, "quark-ptq status")}});
  } else if (std::holds_alternative<flow::run_end::Interrupted>(outcome.end)) {
    console.say("run.interrupted_next", {{"run", user_command(wd, "quark-ptq run")}});
  } else if (judged && next == NextHint::asked_by_start) {
    // start asks checkpoint 4 right below, with the evaluation in view: no hint beside it.
  } else if (outcome.evaluation && outcome.evaluation->verdict == evaluate::Status::not_run &&
             exit_code != core::to_int(core::ExitCode::verify_failed)) {
    // Nothing was measured (the evaluator did not start, failed or was stopped): a tool problem,
    // never advice to replan.
    console.say("run.next_evaluation_not_run", {{"reason", outcome.evaluation->reason.text(console.lang())},
                                                {"run", user_command(wd, "quark-ptq run")},
                                                {"accept", user_command(wd, "quark-ptq accept --despite-evaluation")}});
  } else if (outcome.evaluation && outcome.evaluation->verdict != evaluate::Status::pass &&
             exit_code != core::to_int(core::ExitCode::verify_failed)) {
    // The commands as status gives them: with --workdir, the plan's --python.
    auto status = workflow::status_of(workflow::Workdir{wd});
    console.say("run.next_evaluation_failed",
                {{"verdict", console.t("evaluate.status_" + std::string(evaluate::status_name(outcome.evaluation->verdict)))},
                 {"plan", user_command(wd, status ? workflow::replan_command(*status) : "quark-ptq plan")},
                 {"followup", user_command(wd, "quark-ptq followup TEXT")},
                 {"accept", user_command(wd, "quark-ptq accept --despite-evaluation")}});
  } else if (outcome.report() != nullptr && !(next == NextHint::asked_by_start && exit_code == 0)) {
    say_next(console, workflow::Workdir{wd});
  }
  return exit_code;
}

int run_run_command(Context& ctx, const RunOptions& opt) {
  const Console& console = ctx.console;
  flow::RunRequest req{
      ctx.workdir, opt.approve, opt.user_words, opt.stop_grace_seconds, console.json_mode() ? STDERR_FILENO : STDOUT_FILENO, ""};
  req.echo_stdout_style = Console::echo_style(req.echo_stdout_fd);
  req.echo_stderr_style = Console::echo_style(STDERR_FILENO);
  req.lang = console.lang();
  flow::MonitoredLauncher launcher;
  if (manifest::plan_is_comparison(workflow::Workdir{ctx.workdir})) {
    TerminalComparisonApproval ask(console);
    ConsoleComparisonObserver watch(console);
    auto compared = flow::run_comparison(req, launcher, ask, watch);
    if (!compared) return console.error(compared.error());
    return render_comparison_ran(console, *compared);
  }
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
