// quark-ptq plan [options]: step 2 through flow::make_plan. This file binds the options and
// renders the decision table, or the problems with their fixes when the plan is invalid
// (nothing is written then).
#include <cstdlib>
#include <memory>

#include "artifacts/plan_upgrade.h"
#include "cli/commands.h"
#include "cli/commands/plan.h"
#include "cli/comparison_view.h"
#include "cli/next_step.h"
#include "cli/option_binding.h"
#include "cli/option_checks.h"
#include "cli/step_views.h"
#include "cli/summaries.h"
#include "core/fs.h"
#include "flow/documents.h"
#include "flow/plan_flow.h"
#include "options/option_table.h"
#include "plan/plan_document.h"
#include "workflow/state.h"

namespace cli {

namespace {

int report_problems(const Console& console, const flow::PlanOutcome& outcome, const plan::Plan& p) {
  for (const auto& pr : p.problems) {
    console.warn(console.t("plan.problem_line", {{"problem", plan::render(console.lang(), pr.text)}}));
    console.warn(console.t("plan.fix_line", {{"fix", plan::render(console.lang(), pr.fix)}}));
  }
  if (console.json_mode()) console.json(flow::plan_document(outcome));
  return console.error(core::make_error(core::ExitCode::plan_invalid, "plan.invalid")
                           .with("count", std::to_string(p.problems.size()))
                           .with("first", plan::render(console.lang(), p.problems.front().text)));
}

int report_written(const Console& console, const flow::plan_end::Written& w, NextHint next) {
  if (next == NextHint::asked_by_start) {
    // Inside start, checkpoint 2's question follows at once: the decision table, what else
    // could be chosen, and the modules, each said once (the question adds only its reason).
    show_decision_table(console, w.doc, false);
    show_alternatives(console, w.doc);
    for (const auto& line : plan::module_lines(console.lang(), w.plan)) console.line(line);
    show_comparison(console, w.doc);
    console.say("plan.written_asked_below", {{"path", w.path.string()}});
    if (auto typed = artifacts::read_quant_plan(w.doc)) show_plan_risks(console, *typed);
    if (console.json_mode()) console.json(w.doc);
    return 0;
  } else {
    for (const auto& line : plan::decision_table(console.lang(), w.plan)) console.line(line);
    show_comparison(console, w.doc);
  }
  if (next == NextHint::shown) {
    for (const auto& line : plan::risk_table(console.lang(), w.plan)) console.line(line);
  }
  if (console.json_mode()) {
    console.json(w.doc);
  }
  if (next == NextHint::shown) {
    console.say("plan.written", {{"path", w.path.string()},
                                 {"command", user_command(w.path.parent_path(), workflow::confirm_command(workflow::Checkpoint::plan))}});
  } else {
    console.say("plan.written_asked_below", {{"path", w.path.string()}});
  }
  return 0;
}

}  // namespace

void ConsolePlanObserver::on_probing(const std::string& python, const std::string& extensions_dir) {
  m_console.progress(m_console.t("plan.probing", {{"python", python}, {"dir", extensions_dir.empty() ? "?" : extensions_dir}}));
}
void ConsolePlanObserver::on_probe_kept(const std::string& cache_file) {
  m_console.progress(m_console.t("plan.probe_kept", {{"path", cache_file}}));
}
void ConsolePlanObserver::on_probe_progress(const flow::ProbeProgress& p) {
  const char* what = p.probing && p.oracle ? "plan.progress.both" : p.probing ? "plan.progress.probe" : "plan.progress.oracle";
  m_console.progress(m_console.t("plan.progress", {{"seconds", std::to_string(p.seconds)}, {"what", m_console.t(what)}}));
  for (const auto& b : p.building) m_console.progress(m_console.t("plan.progress.extension", {{"name", b.name}, {"dir", b.dir}}));
}
void ConsolePlanObserver::on_probed(bool from_cache, const std::string& version, const std::string& python) {
  m_console.say(from_cache ? "plan.probe_cached" : "plan.probe_ran", {{"version", version}, {"python", python}});
}
void ConsolePlanObserver::on_help_unavailable(const std::string& problem) {
  m_console.warn(m_console.t("plan.help_unavailable", {{"problem", problem}}));
}
void ConsolePlanObserver::on_using_shipped(const std::string& version) { m_console.say("plan.using_shipped", {{"version", version}}); }
void ConsolePlanObserver::on_template_written(const std::string& path) { m_console.say("plan.template_written", {{"path", path}}); }

int render_planned(const Console& console, const flow::PlanOutcome& outcome, NextHint next) {
  if (const auto* invalid = std::get_if<flow::plan_end::Invalid>(&outcome.end)) return report_problems(console, outcome, invalid->plan);
  return report_written(console, std::get<flow::plan_end::Written>(outcome.end), next);
}

void add_plan_options(CLI::App& sub, const HelpText& help, options::PlanOptions& o) {
  add_table_options(sub, help, o, options::plan_option_rows());
}

flow::PlanRequest plan_request(const options::PlanOptions& in) {
  flow::PlanRequest req;
  req.options = in;
  if (req.options.priority.empty()) req.options.priority = options::PlanOptions{}.priority;
  options::make_paths_absolute(req.options);
  // QPTQ_PROGRESS_SECONDS: how often a long probe says what it is doing (0: never).
  if (const char* every = std::getenv("QPTQ_PROGRESS_SECONDS")) {
    char* end = nullptr;
    double v = std::strtod(every, &end);
    if (end != every && *end == '\0') req.progress_every = v;
  }
  return req;
}

int run_plan_command(Context& ctx, const options::PlanOptions& in) {
  flow::PlanRequest req = plan_request(in);
  req.workdir = ctx.workdir;
  ConsolePlanObserver observer(ctx.console);
  auto outcome = flow::make_plan(req, observer);
  if (!outcome) return ctx.console.error(outcome.error());
  return render_planned(ctx.console, *outcome);
}

void add_plan_command(CLI::App& app, const HelpText& help, CommandFn& selected) {
  auto opt = std::make_shared<options::PlanOptions>();
  auto* sub = app.add_subcommand("plan", help("help.plan.summary"));
  add_plan_options(*sub, help, *opt);
  sub->callback([&selected, opt] { selected = [opt](Context& ctx) { return run_plan_command(ctx, *opt); }; });
}

}  // namespace cli
