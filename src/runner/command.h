// What to run: an argument vector (never a shell string), environment changes and a
// working directory. Shared by the short capture runs (probes) and the monitored PTQ run.
#pragma once

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace runner {

struct EnvChange {
  std::string name;
  std::string value;
};

struct CommandSpec {
  std::vector<std::string> argv;       // argv[0] is a path or a name looked up on PATH
  std::vector<EnvChange> env_set;      // added to / overriding the inherited environment
  std::vector<std::string> env_unset;  // removed from the inherited environment
  std::filesystem::path cwd;           // empty: inherit
};

// The environment a child gets: ours, minus env_unset, plus env_set. Sorted by name.
std::vector<std::string> child_environment(const CommandSpec& spec);

}  // namespace runner
