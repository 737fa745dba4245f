// The command line as CLI11 holds it once define_command_line() has built it - every command,
// its options and positionals, their help and their choices - read back for the documents
// made from it (the shell completion and the man page), so that they cannot drift from what
// the binary accepts: the plan options in it come from the option table.
#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace cli {

struct OptionDoc {
  std::vector<std::string> names;  // "--target"; "-h", "--help"; a positional's name alone
  bool positional = false;
  bool takes_value = false;
  bool required = false;
  std::string value_name;            // "TEXT", "INT:POSITIVE"
  std::vector<std::string> choices;  // from a one_of check ({a,b,c} in the type name)
  std::string description;
};

struct CommandDoc {
  std::vector<std::string> path;  // {"data", "stage"}; empty for the top level
  std::string description;
  std::vector<OptionDoc> options;
  std::vector<CommandDoc> commands;
};

CommandDoc command_tree(const CLI::App& app);

}  // namespace cli
