// run for a comparison: checkpoint 3's one question for every candidate's exact command, each
// candidate's run shown as a single run is, then checkpoint 4's table and recommendation.
#include "cli/comparison_views.h"
#include "flow/comparison_text.h"
#include "cli/evaluate_render.h"
#include "cli/next_step.h"
#include "cli/report_render.h"
#include "flow/documents.h"
#include "flow/executor_text.h"
#include "report/read_workdir.h"

namespace cli {

std::optional<std::string> TerminalComparisonApproval::ask_comparison(const flow::ComparisonQuestion& q) {
  const Console& c = m_console;
  c.say("comparison.show_commands", {{"count", std::to_string(q.commands.size())}, {"order", flow::run_order(c.lang(), q.record)}});
  for (std::size_t i = 0; i < q.commands.size(); ++i) {
    const flow::PendingCommand& p = q.commands[i];
    c.say(q.finished[i] ? "comparison.show_candidate_finished" : "comparison.show_candidate",
          {{"index", std::to_string(i + 1)}, {"name", q.record.candidates[i].name}});
    c.line("    " + p.command.display);
    for (const auto& e : p.command.env_changes) c.say("run.show_env", {{"name", e.name}, {"value", e.value}});
    for (const auto& line : flow::executor_lines(c.lang(), p.command.executor)) c.line("  " + line);
    c.say("run.show_destination", {{"path", p.output_dir}});
  }
  if (!q.commands.empty()) say_evaluator(c, q.commands.front().command.evaluator);
  c.say("comparison.show_digest", {{"digest", q.digest}});
  return ask_execution_approval(c, c.t("comparison.ask", {{"count", std::to_string(q.commands.size())}}));
}

void ConsoleComparisonObserver::on_candidate_start(const std::string& name, std::size_t index, std::size_t count) {
  m_console.say("comparison.candidate_start", {{"index", std::to_string(index + 1)}, {"count", std::to_string(count)}, {"name", name}});
}

void ConsoleComparisonObserver::on_candidate_skipped(const std::string& name, std::size_t rechecked_files) {
  if (rechecked_files == 0) {
    m_console.say("comparison.candidate_skipped", {{"name", name}});
  } else {
    m_console.say("comparison.candidate_skipped_rechecked", {{"name", name}, {"files", std::to_string(rechecked_files)}});
  }
}

void ConsoleComparisonObserver::on_side_by_side(std::size_t lanes, bool jobs) {
  m_console.say(jobs ? "comparison.side_by_side_jobs" : "comparison.side_by_side", {{"lanes", std::to_string(lanes)}});
}

void ConsoleComparisonObserver::on_candidate_stage(const std::string& name, const std::string& stage) {
  m_console.say("comparison.candidate_stage", {{"name", name}, {"stage", m_console.enum_text("stage", stage)}});
}

void ConsoleComparisonObserver::on_candidate_job_submitted(const std::string& name, const std::string& job_id) {
  m_console.say("comparison.candidate_job_submitted", {{"name", name}, {"job", job_id}});
}

void ConsoleComparisonObserver::on_candidate_job_state(const std::string& name, const cluster::JobStatus& s) {
  m_console.say(s.reason.empty() ? "comparison.candidate_job_state" : "comparison.candidate_job_state_reason",
                {{"name", name},
                 {"job", s.job_id},
                 {"state", m_console.enum_text("job_state", std::string(cluster::job_state_name(s.state)))},
                 {"reason", s.reason}});
}

void ConsoleComparisonObserver::on_candidate_output_gone(const std::string& name, const std::string& output_dir) {
  m_console.say("comparison.candidate_output_gone", {{"name", name}, {"path", output_dir}});
}

void ConsoleComparisonObserver::on_candidate_error(const std::string& name, const core::Error& e) {
  m_console.say("comparison.candidate_error", {{"name", name}, {"error", core::render_error(m_console.lang(), e)}});
}

void ConsoleComparisonObserver::on_candidate_end(const std::string& name, const flow::RunOutcome& outcome) {
  // The candidate's own summary, as a single run ends; the next action is the comparison's
  // (--json: one document for the comparison, after the last candidate).
  (void)name;
  if (!m_console.json_mode()) render_ran(m_console, outcome, NextHint::part_of_comparison);
}

int render_comparison_ran(const Console& console, const flow::ComparisonOutcome& outcome) {
  const int exit_code = core::to_int(outcome.exit_code());
  auto report = report::read_workdir(workflow::Workdir{outcome.workdir});
  if (console.json_mode()) console.json(flow::comparison_run_document(console.lang(), outcome));
  if (report) {
    print_comparison_table(console, flow::comparison_table(*report));
  } else {
    console.error_line(report.error());
  }
  if (outcome.report_html) say_report(console, *outcome.report_html);
  if (outcome.interrupted) console.say("comparison.interrupted_next", {{"run", user_command(outcome.workdir, "quark-ptq run")}});
  say_next(console, workflow::Workdir{outcome.workdir});
  return exit_code;
}

}  // namespace cli
