#include "workflow/command_digest.h"

#include "core/sha256.h"

namespace workflow {

std::string command_digest(const std::vector<std::string>& argv, const std::vector<EnvChangeEntry>& env_changes) {
  core::Json doc = {{"argv", core::Json::array()}, {"env_changes", core::Json::array()}};
  for (const auto& a : argv) doc["argv"].push_back(a);
  for (const auto& e : env_changes) doc["env_changes"].push_back({{"name", e.name}, {"value", e.value}});
  return core::json_digest(doc);
}

core::Result<RecordedCommand> read_recorded_command(const core::Json& manifest) {
  auto invalid = [] { return core::make_error(core::ExitCode::bad_input, "workflow.command_invalid"); };
  const core::Json* cmd = core::json_object(manifest, "command");
  if (cmd == nullptr) return invalid();
  const core::Json* argv = core::json_array(*cmd, "argv");
  if (argv == nullptr || argv->empty()) return invalid();
  RecordedCommand out;
  for (const auto& a : *argv) {
    if (!a.is_string()) return invalid();
    out.argv.push_back(a.get<std::string>());
  }
  if (const core::Json* env = core::json_array(*cmd, "env_changes")) {
    for (const auto& e : *env) {
      auto name = core::json_string(e, "name");
      auto value = core::json_string(e, "value");
      if (!name || !value) return invalid();
      out.env_changes.push_back({*name, *value});
    }
  }
  out.display = core::json_string(*cmd, "display").value_or("");
  out.digest = core::json_string(*cmd, "digest").value_or("");
  return out;
}

}  // namespace workflow
