// Step 4's progress on the console while the run is in flight (ConsoleRunObserver), the same
// for `run` and `start`.
#include <fmt/format.h>

#include "cli/diagnosis_render.h"
#include "cli/step_views.h"

namespace cli {

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

void ConsoleRunObserver::on_repeat_warning(const flow::RepeatedFailure& f) {
  m_console.say("run.repeat_warning", {{"rule", f.rule}, {"checkpoint", std::to_string(f.return_to)}});
}

}  // namespace cli
