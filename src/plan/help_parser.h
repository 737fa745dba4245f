// Parses `quark-cli torch-llm-ptq --help` (as the probe formats it with Quark's own parser, or as
// quark-cli prints it; COLUMNS=2000, but wrapped text parses
// too) into the flags the installed CLI has and the {choices} argparse enforces. Handles both
// alias renderings: Python 3.11/3.12 "--a {x,y}, --b {x,y}" and 3.13 "--a, --b {x,y}".
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace plan {

struct HelpInfo {
  std::vector<std::string> flags;                           // every long option, in order
  std::map<std::string, std::vector<std::string>> choices;  // flag (and its aliases) -> choices
  std::map<std::string, std::string> alias_of;              // alias -> primary flag

  bool has_flag(std::string_view flag) const;
  // nullptr when the flag takes free text.
  const std::vector<std::string>* choices_for(std::string_view flag) const;
};

// Fails with ExitCode::env_not_ready "plan.help_unparsable" when there is no usage line.
core::Result<HelpInfo> parse_help(std::string_view text, std::string_view source);

}  // namespace plan
