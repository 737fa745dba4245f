// Step 4's progress on the console while the run is in flight (ConsoleRunObserver), the same
// for `run` and `start`.
#include <csignal>

#include <fmt/format.h>

#include "cli/diagnosis_render.h"
#include "cli/step_views.h"
#include "core/shell_quote.h"
#include "core/text.h"

namespace cli {

namespace {

// "4:05", "1:02:09"
std::string clock_text(double seconds) {
  auto s = static_cast<long long>(seconds < 0 ? 0 : seconds);
  return s >= 3600 ? fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60) : fmt::format("{}:{:02}", s / 60, s % 60);
}

// Seconds under a minute and a half, minutes under an hour and a half, then hours and minutes.
std::string duration_text(const Console& c, double seconds) {
  auto s = static_cast<long long>(seconds < 0 ? 0 : seconds + 0.5);
  if (s < 90) return c.t("run.duration_seconds", {{"n", std::to_string(s)}});
  if (s < 90 * 60) return c.t("run.duration_minutes", {{"n", std::to_string((s + 30) / 60)}});
  return c.t("run.duration_hours", {{"h", std::to_string(s / 3600)}, {"m", std::to_string(s / 60 % 60)}});
}

}  // namespace

void ConsoleRunObserver::on_launching(const std::filesystem::path& log) {
  m_launched = std::chrono::steady_clock::now();
  m_console.say("run.starting", {{"log", log.string()}});
}

void ConsoleRunObserver::on_stage(const std::string& stage) {
  const std::string name = m_console.enum_text("stage", stage);
  if (!m_estimate_seconds) {
    m_console.say("run.stage", {{"stage", name}});
    return;
  }
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - m_launched).count();
  const double left = *m_estimate_seconds - elapsed;
  const std::string estimate = duration_text(m_console, *m_estimate_seconds);
  if (left >= 0) {
    m_console.say("run.stage_eta",
                  {{"stage", name}, {"elapsed", clock_text(elapsed)}, {"estimate", estimate}, {"left", duration_text(m_console, left)}});
  } else {
    m_console.say("run.stage_over", {{"stage", name}, {"elapsed", clock_text(elapsed)}, {"estimate", estimate}});
  }
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
  if (!r.launch_prefix.empty()) m_console.say("evaluate.as_job_step", {{"srun", core::display_command(r.launch_prefix, {})}});
}
void ConsoleRunObserver::on_diagnosed(const diagnose::Diagnosis& d) { print_diagnosis(m_console, d); }

void ConsoleRunObserver::on_job_submitted(const std::string& job_id) {
  m_job_id = job_id;
  m_console.say("run.job_submitted", {{"job", job_id}});
}

void ConsoleRunObserver::on_job_state(const cluster::JobStatus& s) {
  const std::string state = m_console.enum_text("job_state", std::string(cluster::job_state_name(s.state)));
  if (s.reason.empty()) {
    m_console.say("run.job_state", {{"job", s.job_id}, {"state", state}});
  } else {
    m_console.say("run.job_state_reason", {{"job", s.job_id}, {"state", state}, {"reason", s.reason}});
  }
}

cluster::InterruptAnswer ConsoleRunObserver::on_job_interrupt(int signal) {
  cluster::InterruptAnswer answer = cluster::default_interrupt_answer(signal);
  if (signal == SIGINT && m_console.interactive()) {
    // The person pressed Ctrl-C: a job on the cluster is theirs to keep or to cancel.
    for (int tries = 0; tries < 3; ++tries) {
      auto words = m_console.ask(m_console.t("run.job_question", {{"job", m_job_id}}));
      if (!words) break;  // end of input: stop, as Ctrl-C without a question would
      std::string w(core::trim(*words));
      for (char& c : w) c = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
      if (w == "cancel" || w == "c" || w == "キャンセル") break;
      if (w == "detach" || w == "d" || w == "切り離す") return cluster::InterruptAnswer::detach;
      if (w == "follow" || w == "f" || w == "続ける") return cluster::InterruptAnswer::keep_following;
      m_console.say("run.job_answer_again");
    }
    answer = cluster::InterruptAnswer::cancel;
  }
  if (answer == cluster::InterruptAnswer::cancel) m_console.say("run.job_cancelling", {{"job", m_job_id}});
  return answer;
}

void ConsoleRunObserver::on_repeat_warning(const flow::RepeatedFailure& f) {
  m_console.say("run.repeat_warning", {{"rule", f.rule}, {"checkpoint", std::to_string(f.return_to)}});
}

}  // namespace cli
