// `quark-ptq completion bash`: a bash completion script made from the command tree - each
// command's options, the choices of those that have some, and files for the other values.
// zsh reads it through bashcompinit. Display text only: nothing here runs a shell.
#pragma once

#include <string>

#include "cli/command_tree.h"

namespace cli {

std::string bash_completion(const CommandDoc& top);

}  // namespace cli
