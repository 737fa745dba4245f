#include "runner/command.h"

#include <algorithm>
#include <map>

extern char** environ;

namespace runner {

std::vector<std::string> child_environment(const CommandSpec& spec) {
  std::map<std::string, std::string> env;
  for (char** e = environ; e != nullptr && *e != nullptr; ++e) {
    std::string kv(*e);
    auto eq = kv.find('=');
    if (eq == std::string::npos) continue;
    env[kv.substr(0, eq)] = kv.substr(eq + 1);
  }
  for (const auto& name : spec.env_unset) env.erase(name);
  for (const auto& c : spec.env_set) env[c.name] = c.value;
  std::vector<std::string> out;
  out.reserve(env.size());
  for (const auto& [k, v] : env) out.push_back(k + "=" + v);
  return out;
}

}  // namespace runner
