// How a comparison's steps are shown on the console (plan --compare's steps 3 and 4 and its
// checkpoint 4): the candidates prepared with one digest, checkpoint 3's one question for all
// of their commands, each candidate's run as a single run shows it, and the comparison table
// with the recommendation. Defined in commands/prepare_comparison.cpp, commands/run_comparison.cpp
// and comparison_table_view.cpp.
#pragma once

#include "cli/console.h"
#include "cli/step_views.h"
#include "flow/comparison_run.h"
#include "flow/comparison_table.h"
#include "manifest/comparison_prepare.h"

namespace cli {

void render_comparison_prepared(const Console& console, const manifest::ComparisonPrepared& p, bool ask_question);

class TerminalComparisonApproval final : public flow::ComparisonPrompt {
 public:
  explicit TerminalComparisonApproval(const Console& console) : m_console(console) {}
  bool can_ask() const override { return m_console.interactive(); }
  std::optional<std::string> ask_comparison(const flow::ComparisonQuestion& q) override;

 private:
  const Console& m_console;
};

class ConsoleComparisonObserver final : public flow::ComparisonObserver {
 public:
  explicit ConsoleComparisonObserver(const Console& console) : m_console(console), m_run(console) {}
  void on_candidate_start(const std::string& name, std::size_t index, std::size_t count) override;
  void on_candidate_skipped(const std::string& name, std::size_t rechecked_files) override;
  void on_candidate_output_gone(const std::string& name, const std::string& output_dir) override;
  void on_side_by_side(std::size_t lanes, bool jobs) override;
  void on_candidate_stage(const std::string& name, const std::string& stage) override;
  void on_candidate_job_submitted(const std::string& name, const std::string& job_id) override;
  void on_candidate_job_state(const std::string& name, const cluster::JobStatus& status) override;
  void on_candidate_error(const std::string& name, const core::Error& e) override;
  void on_candidate_end(const std::string& name, const flow::RunOutcome& outcome) override;
  flow::RunObserver& run_observer() override { return m_run; }

 private:
  const Console& m_console;
  ConsoleRunObserver m_run;
};

// Each candidate's end, the table, the recommendation, report.html and what to do next;
// returns the exit code.
int render_comparison_ran(const Console& console, const flow::ComparisonOutcome& outcome);

// The table, and once every candidate has run (`final`: checkpoint 4) the recommendation
// with its reason; before that the table shows where each candidate stands (status).
void print_comparison_table(const Console& console, const flow::ComparisonTable& table, bool final = true);

}  // namespace cli
