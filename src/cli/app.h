// The whole command line: parse argv with CLI11, run the chosen command, return the exit
// code. main() is one call to this, so tests can drive the real front end in-process.
#pragma once

#include <filesystem>
#include <optional>

#include <string>

#include <CLI/CLI.hpp>

#include "cli/context.h"
#include "cli/help_text.h"
#include "core/messages.h"

namespace cli {

// argv parsed and bound, nothing run yet. `exit_code` is set when parsing alone ended the
// command line: --help or --version (0, the text printed) or a usage error (printed, in the
// `--json` form when asked). Otherwise `command` is the chosen command, to run in a Context
// built from `workdir`, `json` and `lang`.
struct ParsedCommandLine {
  std::optional<int> exit_code;
  CommandFn command;
  std::filesystem::path workdir;  // absolute
  bool json = false;
  core::Lang lang = core::Lang::en;
};

// The options of the top level, bound while parsing.
struct GlobalOptions {
  std::string workdir = ".";
  bool json = false;
  std::string lang;  // empty: from the locale
};

// Every command and option on `app`, each described in `help`'s language; parsing stores the
// chosen command's function in `selected`.
void define_command_line(CLI::App& app, const HelpText& help, GlobalOptions& global, CommandFn& selected);

// The parse and bind layer of run_app: no command runs and nothing but CLI11's help, version
// or usage text is printed (the libFuzzer target tests/fuzz/cli_fuzz.cpp calls it alone).
ParsedCommandLine parse_command_line(int argc, char** argv);

int run_app(int argc, char** argv);

}  // namespace cli
