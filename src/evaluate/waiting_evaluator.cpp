#include "evaluate/waiting_evaluator.h"

#include "core/embedded.h"
#include "core/json_io.h"
#include "evaluate/run_evaluation.h"

namespace evaluate {

runner::CommandSpec waiting_evaluator_command(const std::string& python, std::string_view script) {
  return evaluator_command(python, script, {"--wait-for-go"});
}

core::Result<runner::WaitingChild> start_waiting_evaluator(const std::string& python,
                                                           const std::vector<std::pair<std::string, std::string>>& env) {
  auto script = core::embedded_file(kScriptPath);
  if (!script) return core::make_error(core::ExitCode::internal, "evaluate.reason.script_missing");
  runner::CommandSpec spec = waiting_evaluator_command(python, *script);
  for (const auto& [name, value] : env) spec.env_set.push_back({name, value});
  return runner::WaitingChild::start(spec);
}

std::string go_line(const std::vector<std::string>& args) {
  core::Json array = core::Json::array();
  for (const auto& a : args) array.push_back(a);
  return "go " + core::dump_compact(array) + "\n";
}

}  // namespace evaluate
