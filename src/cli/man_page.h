// `quark-ptq man`: the manual page (man(7) roff) made from the command tree, in the run's
// language - every command with its options and their help as --help prints them, the exit
// codes, the environment and the files - so that it cannot drift from the binary.
#pragma once

#include <string>

#include "cli/command_tree.h"
#include "core/messages.h"

namespace cli {

std::string man_page(core::Lang lang, const CommandDoc& top);

}  // namespace cli
