// Checkpoint 3's question on the terminal, the same for `run` and `start`. How many times it
// is asked and which answer decides is flow::ask_until_decided's; this file shows what is
// approved, asks one line and says that it asks again.
#include "cli/evaluate_render.h"
#include "cli/step_views.h"
#include "flow/approval_question.h"
#include "flow/executor_text.h"

namespace cli {

namespace {

class TerminalApprovalQuestion final : public flow::ApprovalQuestion {
 public:
  TerminalApprovalQuestion(const Console& console, std::string question) : m_console(console), m_question(std::move(question)) {}
  std::optional<std::string> ask() override { return m_console.ask(m_question); }
  void on_asking_again(const std::string& answer, int asks_left) override {
    m_console.say("run.ask_again", {{"answer", answer}, {"left", std::to_string(asks_left)}});
  }

 private:
  const Console& m_console;
  std::string m_question;
};

}  // namespace

std::optional<std::string> ask_execution_approval(const Console& console, const std::string& question_text) {
  console.say("run.approval_words");
  TerminalApprovalQuestion question(console, question_text.empty() ? console.t("run.ask_approval") : question_text);
  return flow::ask_until_decided(question);
}

std::optional<std::string> TerminalApproval::ask_approval(const workflow::RecordedCommand& cmd, const std::string& output_dir) {
  m_console.say("run.show_command");
  m_console.line("  " + cmd.display);
  for (const auto& e : cmd.env_changes) m_console.say("run.show_env", {{"name", e.name}, {"value", e.value}});
  for (const auto& line : flow::executor_lines(m_console.lang(), cmd.executor)) m_console.line(line);
  m_console.say("run.show_destination", {{"path", output_dir}});
  say_evaluator(m_console, cmd.evaluator);
  m_console.say("run.show_digest", {{"digest", cmd.digest}});
  return ask_execution_approval(m_console);
}

}  // namespace cli
