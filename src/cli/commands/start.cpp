// quark-ptq start MODEL --output-dir DIR [plan options]: flow::start in a terminal. This file
// asks the checkpoints' questions (TerminalPrompter) and renders each step as its subcommand
// does (StartView).
#include "cli/commands/start.h"

#include <unistd.h>

#include <memory>
#include <set>
#include <utility>

#include "artifacts/analysis_upgrade.h"
#include "artifacts/plan_upgrade.h"
#include "artifacts/run_manifest.h"
#include "cli/commands.h"
#include "cli/commands/plan.h"
#include "cli/next_step.h"
#include "core/text.h"
#include "cli/step_views.h"
#include "cli/comparison_view.h"
#include "cli/comparison_views.h"
#include "cli/report_render.h"
#include "cli/summaries.h"
#include "flow/start_flow.h"

namespace cli {

namespace {

// An adjustment that would pass on this plan, for the hint: the first alternative scheme the
// planner offers, else its first alternative algorithm.
std::string adjustment_example(const core::Json& doc) {
  auto plan = artifacts::read_quant_plan(doc);
  for (const std::string key : {"global_scheme", "algorithm"}) {
    if (!plan) break;
    for (const artifacts::DecisionRecord& d : plan->decisions) {
      if (d.key != key || d.alternatives.empty()) continue;
      return (key == "algorithm" ? "--algo " : "--scheme ") + d.alternatives.front();
    }
  }
  return "--kv-cache none";
}

// What the step just printed, so that the checkpoint's question does not print it again (a
// resumed start, whose step did not run, still shows it with the question).
struct JustShown {
  bool analysis = false;
  bool plan = false;
  bool execution = false;
  static bool take(bool& flag) { return std::exchange(flag, false); }
};

class TerminalPrompter final : public flow::Prompter {
 public:
  TerminalPrompter(const Console& console, JustShown& shown) : m_c(console), m_shown(shown) {}
  std::optional<std::string> ask_analysis(const core::Json& doc, const std::vector<artifacts::AppliedCorrection>& corrections) override {
    // The flow asks about an analysis that has read (and, corrected, validated) already.
    if (auto analysis = artifacts::read_model_analysis(doc); !analysis) {
      m_c.error_line(analysis.error());
    } else if (JustShown::take(m_shown.analysis) && corrections.empty()) {
      show_analysis_risks(m_c, *analysis);
    } else {
      show_analysis_summary(m_c, *analysis);
    }
    m_c.say("workflow.reason_analysis");
    if (corrections.empty()) return m_c.ask(m_c.t("start.ask_analysis"));
    // The corrections are shown for a second look; only a yes to this question confirms them.
    m_c.say("start.corrections_pending");
    for (const auto& change : corrections) {
      m_c.say("start.correction_row",
              {{"key", change.key}, {"from", core::dump_compact(change.from)}, {"to", core::dump_compact(change.to)}});
    }
    return m_c.ask(m_c.t("start.ask_analysis_corrected"));
  }
  std::optional<flow::PlanAnswer> ask_plan(const core::Json& plan, const flow::PlanRequest& current) override {
    if (!JustShown::take(m_shown.plan)) {
      show_decision_table(m_c, plan);
      show_comparison(m_c, plan);
    }
    m_c.say("workflow.reason_plan");
    const std::string example = adjustment_example(plan);
    m_c.say("start.plan_adjust_hint", {{"example", example}});
    while (true) {
      auto answer = m_c.ask(m_c.t("start.ask_plan"));
      if (!answer) return std::nullopt;
      std::string typed(core::trim(*answer));
      if (typed.rfind("--", 0) != 0) return flow::PlanAnswer{*answer, std::nullopt};
      // The typed options are bound exactly as `quark-ptq plan` binds them, on top of the
      // options this plan was made with.
      options::PlanOptions options = current.options;
      CLI::App app{"checkpoint 2"};
      app.allow_extras(false);
      add_plan_options(app, HelpText(m_c.lang()), options);
      try {
        app.parse(typed, false);
      } catch (const CLI::ParseError& e) {
        m_c.warn(m_c.t("start.adjust_unreadable", {{"answer", typed}, {"reason", e.what()}, {"example", example}}));
        continue;
      }
      flow::PlanRequest adjusted = plan_request(options);
      return flow::PlanAnswer{*answer, std::move(adjusted)};
    }
  }
  std::optional<std::string> ask_execution(const core::Json& manifest) override {
    if (!JustShown::take(m_shown.execution)) show_execution_summary(m_c, manifest);
    show_execution_reason(m_c, manifest);
    return ask_execution_approval(m_c);
  }
  std::optional<std::string> ask_result(const core::Json& manifest) override {
    show_result_summary(m_c, manifest);
    m_c.say("workflow.reason_result");
    const std::optional<artifacts::Evaluation> ev = artifacts::manifest_evaluation_as_read(manifest);
    const std::string verdict = ev ? ev->verdict : "pass";
    if (verdict != "pass") return m_c.ask(m_c.t("start.ask_result_despite", {{"verdict", m_c.t("evaluate.status_" + verdict)}}));
    return m_c.ask(m_c.t("start.ask_result"));
  }
  std::optional<std::string> ask_comparison(const flow::ComparisonQuestion& q) override {
    return TerminalComparisonApproval(m_c).ask_comparison(q);
  }
  std::optional<std::string> ask_candidate(const flow::ComparisonTable& t) override {
    print_comparison_table(m_c, t, true);
    std::string names;
    for (const auto& c : t.report.candidates) names += (names.empty() ? "" : ", ") + c.name;
    m_c.say("workflow.reason_result");
    return m_c.ask(m_c.t("start.ask_candidate", {{"names", names}}));
  }

 private:
  const Console& m_c;
  JustShown& m_shown;
};

class StartView final : public flow::StartObserver {
 public:
  StartView(const Console& console, const workflow::Workdir& wd, JustShown& shown)
      : m_c(console), m_wd(wd), m_shown(shown), m_plan(console), m_run(console), m_comparison(console) {}

  void on_reuse(const std::filesystem::path& artifact) override { m_c.say("start.reuse", {{"path", artifact.string()}}); }
  void on_step(int number) override {
    static const char* const kWhat[] = {"", "start.step_analyze", "start.step_plan", "start.step_prepare", "start.step_run"};
    m_c.say("start.step", {{"number", std::to_string(number)}, {"what", m_c.t(kWhat[number])}});
  }
  void on_already_confirmed(workflow::Checkpoint cp, const std::string& at) override {
    m_c.say("start.already_confirmed", {{"checkpoint", std::to_string(static_cast<int>(cp))}, {"at", at}});
  }
  void on_analyzed(const flow::Analyzed& a) override {
    render_analyzed(m_c, a, NextHint::asked_by_start);
    m_shown.analysis = true;
  }
  void on_confirmed(const workflow::ConfirmOutcome& c, bool analysis) override { render_confirmed(m_c, m_wd, c, analysis, true); }
  void on_correction_refused(const core::Error& e) override { m_c.error_line(e); }
  void on_adjustment_refused(const core::Error& e) override { m_c.error_line(e); }
  void on_replanning() override { m_c.say("start.replanning"); }
  void on_plan_reopened(const std::vector<std::string>& changes) override {
    m_c.say("start.plan_reopened", {{"changes", core::join(changes, "; ")}});
  }
  void on_plan_unchanged() override { m_c.say("start.plan_unchanged"); }
  void on_planned(const flow::PlanOutcome& p) override {
    render_planned(m_c, p, NextHint::asked_by_start);
    m_shown.plan = std::holds_alternative<flow::plan_end::Written>(p.end);
  }
  void on_prepared(const manifest::PrepareResult& p) override {
    render_prepared(m_c, p, false);
    m_shown.execution = true;
  }
  void on_execution_answer(const std::string& answer, bool approved, const std::string& digest) override {
    if (approved) {
      m_c.say("start.approved", {{"digest", digest}});
    } else {
      m_c.say("start.not_approved", {{"answer", answer}});
    }
  }
  void on_ran(const flow::RunOutcome& r) override { render_ran(m_c, r, NextHint::asked_by_start); }
  void on_comparison_prepared(const manifest::ComparisonPrepared& p) override { render_comparison_prepared(m_c, p, false); }
  flow::ComparisonObserver* comparison_observer() override { return &m_comparison; }
  void on_comparison_ran(const flow::ComparisonOutcome& r) override {
    if (r.report_html) say_report(m_c, *r.report_html);
  }
  void on_decided(const workflow::Confirmation& c, flow::DecisionKind kind) override {
    render_decided(m_c, m_wd, c, kind == flow::DecisionKind::followup);
  }

  // The plan and run steps' own progress, as their subcommands show it.
  void on_probing(const std::string& python, const std::string& dir) override { m_plan.on_probing(python, dir); }
  void on_probe_kept(const std::string& cache_file) override { m_plan.on_probe_kept(cache_file); }
  void on_probe_progress(const flow::ProbeProgress& p) override { m_plan.on_probe_progress(p); }
  void on_probed(bool from_cache, const std::string& version, const std::string& python) override {
    m_plan.on_probed(from_cache, version, python);
  }
  void on_help_unavailable(const std::string& problem) override { m_plan.on_help_unavailable(problem); }
  void on_using_shipped(const std::string& version) override { m_plan.on_using_shipped(version); }
  void on_template_written(const std::string& path) override { m_plan.on_template_written(path); }
  void on_estimate(double quark_cli_seconds) override { m_run.on_estimate(quark_cli_seconds); }
  void on_launching(const std::filesystem::path& log) override { m_run.on_launching(log); }
  void on_stage(const std::string& stage) override { m_run.on_stage(stage); }
  void on_stop_requested(const std::string& signal) override { m_run.on_stop_requested(signal); }
  void on_record_failed(const core::Error& e) override { m_run.on_record_failed(e); }
  void on_diagnosed(const diagnose::Diagnosis& d) override { m_run.on_diagnosed(d); }
  void on_hashing(std::uint64_t done, std::uint64_t total) override { m_run.on_hashing(done, total); }
  void on_evaluating(const evaluate::Request& request) override { m_run.on_evaluating(request); }
  void on_repeat_warning(const flow::RepeatedFailure& f) override { m_run.on_repeat_warning(f); }

 private:
  const Console& m_c;
  workflow::Workdir m_wd;
  JustShown& m_shown;
  ConsolePlanObserver m_plan;
  ConsoleRunObserver m_run;
  ConsoleComparisonObserver m_comparison;
};

}  // namespace

int run_start_command(Context& ctx, const StartOptions& opt) {
  const Console& c = ctx.console;
  // Several steps each print their own JSON; one document on stdout is the contract.
  if (c.json_mode()) return c.error(core::make_error(core::ExitCode::usage, "start.no_json"));
  flow::StartRequest req;
  req.workdir = ctx.workdir;
  req.model = opt.model;
  req.revision = opt.revision;
  req.output_dir = opt.output_dir;
  req.eval_python = opt.eval_python;
  req.plan = plan_request(opt.plan);
  req.plan_options_given = opt.plan_options_given;
  req.run.echo_stdout_fd = STDOUT_FILENO;
  req.run.echo_stdout_style = Console::echo_style(STDOUT_FILENO);
  req.run.echo_stderr_style = Console::echo_style(STDERR_FILENO);
  req.run.lang = c.lang();
  JustShown shown;
  TerminalPrompter prompter(c, shown);
  StartView view(c, workflow::Workdir{ctx.workdir}, shown);
  flow::MonitoredLauncher launcher;
  auto outcome = flow::start(req, prompter, view, launcher);
  if (!outcome) return c.error(outcome.error());
  if (const auto* s = std::get_if<flow::start_end::Stopped>(&outcome->end)) {
    std::vector<core::MessageArg> args = {{"checkpoint", std::to_string(static_cast<int>(s->checkpoint))},
                                          {"command", user_command(ctx.workdir, s->command)}};
    if (s->approves.empty()) {
      c.say("start.stopped", args);
    } else {
      args.push_back({"approves", s->approves});
      c.say("start.stopped_approves", args);
    }
  } else if (std::holds_alternative<flow::start_end::Finished>(outcome->end)) {
    c.say("start.finished");
  }
  return core::to_int(outcome->exit_code());
}

void add_start_command(CLI::App& app, const HelpText& help, CommandFn& selected) {
  auto opt = std::make_shared<StartOptions>();
  auto* sub = app.add_subcommand("start", help("help.start.summary"));
  sub->add_option("model", opt->model, help("help.start.model"))->required();
  sub->add_option("--output-dir", opt->output_dir, help("help.start.output_dir"))->required();
  sub->add_option("--revision", opt->revision, help("help.start.revision"));
  sub->add_option("--eval-python", opt->eval_python, help("help.start.eval_python"));
  std::set<std::string> own;
  for (const auto* o : sub->get_options()) own.insert(o->get_name());
  add_plan_options(*sub, help, opt->plan);
  sub->callback([&selected, opt, sub, own] {
    opt->plan_options_given.clear();
    for (const auto* o : sub->get_options()) {
      if (own.count(o->get_name()) == 0 && o->count() > 0) opt->plan_options_given.push_back(o->get_name());
    }
    selected = [opt](Context& ctx) { return run_start_command(ctx, *opt); };
  });
}

}  // namespace cli
