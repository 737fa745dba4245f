// How each step's flow is shown on the console: its observer and the rendering of its
// outcome. The subcommands and `start` use the same views, so a step looks the same either
// way. Defined beside each command (commands/<step>.cpp).
#pragma once

#include <chrono>

#include <filesystem>

#include "cli/console.h"
#include "cli/verify_render.h"
#include "flow/analyze_flow.h"
#include "flow/plan_flow.h"
#include "flow/run_flow.h"
#include "manifest/prepare_flow.h"
#include "workflow/confirm.h"

namespace cli {

// Whether a step's view ends with the command to run next. Inside `start`, a step that
// succeeded is followed by start's own question at that checkpoint: a "next: quark-ptq confirm
// ..." there would send the user away from the question in front of them, and what the
// question shows (the plan's risks) is not printed twice.
// One candidate of a comparison (part_of_comparison): its run is shown without the
// checkpoint 4 heading and without any next step - the comparison's table and its next step
// follow after the last candidate.
enum class NextHint { shown, asked_by_start, part_of_comparison };

// analyze.cpp: the artifact in --json mode, then the summary table.
void render_analyzed(const Console& console, const flow::Analyzed& a, NextHint next = NextHint::shown);

// confirm.cpp: corrections applied, the confirmation, and (outside start) the next action.
void render_confirmed(const Console& console, const workflow::Workdir& wd, const workflow::ConfirmOutcome& outcome, bool analysis,
                      bool in_flow);

// plan.cpp
class ConsolePlanObserver : public flow::PlanObserver {
 public:
  explicit ConsolePlanObserver(const Console& console) : m_console(console) {}
  void on_probing(const std::string& python, const std::string& extensions_dir) override;
  void on_probe_kept(const std::string& cache_file) override;
  void on_probe_progress(const flow::ProbeProgress& progress) override;
  void on_probed(bool from_cache, const std::string& version, const std::string& python) override;
  void on_help_unavailable(const std::string& problem) override;
  void on_using_shipped(const std::string& version) override;
  void on_template_written(const std::string& path) override;

 private:
  const Console& m_console;
};
// The decision table, or the problems and their fixes; returns the exit code.
int render_planned(const Console& console, const flow::PlanOutcome& outcome, NextHint next = NextHint::shown);

// prepare.cpp: the command, destination, estimate and verdict; checkpoint 3's question
// only when `ask_question` (the subcommand; start asks it itself).
void render_prepared(const Console& console, const manifest::PrepareResult& r, bool ask_question);

// run.cpp
class ConsoleRunObserver : public flow::RunObserver {
 public:
  explicit ConsoleRunObserver(const Console& console) : m_console(console) {}
  void on_estimate(double quark_cli_seconds) override { m_estimate_seconds = quark_cli_seconds; }
  void on_launching(const std::filesystem::path& log) override;
  void on_stage(const std::string& stage) override;
  void on_stop_requested(const std::string& signal) override;
  void on_record_failed(const core::Error& e) override;
  void on_diagnosed(const diagnose::Diagnosis& d) override;
  void on_repeat_warning(const flow::RepeatedFailure& f) override;
  void on_evaluating(const evaluate::Request& request) override;
  void on_hashing(std::uint64_t bytes_done, std::uint64_t bytes_total) override { m_hashing.on_hashing(bytes_done, bytes_total); }
  void on_job_submitted(const std::string& job_id) override;
  void on_job_state(const cluster::JobStatus& status) override;
  // On a terminal, Ctrl-C asks: cancel the job, leave it running, or go on following.
  cluster::InterruptAnswer on_job_interrupt(int signal) override;

 private:
  const Console& m_console;
  HashProgressView m_hashing{m_console};
  std::string m_job_id;
  // Each stage line says how long quark-cli has run and how that compares with the estimate.
  std::optional<double> m_estimate_seconds;
  std::chrono::steady_clock::time_point m_launched{};
};
// run_question.cpp: checkpoint 3's question, the same for `run` and `start`: the accepted
// words, then asked as flow::ask_until_decided says (a slip such as "y" is asked again, never
// read as a yes); nullopt at end of input.
// `question_text`: the question asked ("" = "Shall I run this exact command?").
std::optional<std::string> ask_execution_approval(const Console& console, const std::string& question_text = "");
// `run`'s prompt: the exact command, its environment changes, the destination, the evaluator
// and the digest, then ask_execution_approval.
class TerminalApproval final : public flow::ApprovalPrompt {
 public:
  explicit TerminalApproval(const Console& console) : m_console(console) {}
  bool can_ask() const override { return m_console.interactive(); }
  std::optional<std::string> ask_approval(const workflow::RecordedCommand& cmd, const std::string& output_dir) override;

 private:
  const Console& m_console;
};
// The summary, the verification report, the evaluation and what to do next; returns the exit code.
int render_ran(const Console& console, const flow::RunOutcome& outcome, NextHint next = NextHint::shown);

// accept.cpp: the decision at checkpoint 4 and the next action.
void render_decided(const Console& console, const workflow::Workdir& wd, const workflow::Confirmation& conf, bool followup);

}  // namespace cli
