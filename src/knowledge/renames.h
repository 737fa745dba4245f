// What changed in the 0.11 CLI refactor (knowledge/quark/<release>/renames.json): old scheme
// names and their replacements, flags that no longer exist, and the flags the CLI has.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/result.h"

namespace knowledge {

struct CliRenames {
  std::map<std::string, std::vector<std::string>> scheme_renames;  // old -> new names
  std::vector<std::string> removed_flags;
  std::vector<std::string> cli_flags;  // torch-llm-ptq flags of this release

  // The current names for a pre-0.11 scheme name; empty when `old_name` is not one.
  std::vector<std::string> renamed_scheme(const std::string& old_name) const;
  bool has_flag(const std::string& flag) const;

  static core::Result<CliRenames> load(const std::string& release);
};

}  // namespace knowledge
