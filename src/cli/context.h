// What every command gets: the console (language, --json, prompts) and the workdir.
#pragma once

#include <filesystem>
#include <functional>

#include "cli/console.h"

namespace cli {

struct Context {
  Console& console;
  std::filesystem::path workdir;  // absolute
};

// A parsed command, ready to run; returns the process exit code.
using CommandFn = std::function<int(Context&)>;

}  // namespace cli
