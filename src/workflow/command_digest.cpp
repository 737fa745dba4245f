#include "workflow/command_digest.h"

#include "core/sha256.h"

namespace workflow {

core::Json command_digest_input(const std::vector<std::string>& argv, const EnvChanges& env_changes) {
  core::Json changes = core::Json::array();
  for (const auto& [name, value] : env_changes) changes.push_back({{"name", name}, {"value", value}});
  return {{"argv", argv}, {"env_changes", changes}};
}

std::string command_digest(const std::vector<std::string>& argv, const EnvChanges& env_changes) {
  return core::json_digest(command_digest_input(argv, env_changes));
}

}  // namespace workflow
