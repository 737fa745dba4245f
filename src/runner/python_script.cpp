#include "runner/python_script.h"

namespace runner {

CommandSpec python_script(const std::string& python, std::string_view script, std::vector<std::string> args) {
  CommandSpec spec;
  spec.argv.reserve(args.size() + 3);
  spec.argv.push_back(python);
  spec.argv.emplace_back("-c");
  spec.argv.emplace_back(script);
  for (auto& a : args) spec.argv.push_back(std::move(a));
  spec.cwd = "/";
  spec.env_set = {{"PYTHONSAFEPATH", "1"}};
  return spec;
}

}  // namespace runner
