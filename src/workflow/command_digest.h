// The digest checkpoint 3 approves: sha256 of the canonical JSON
//   {"argv": [...], "env_changes": [{"name": N, "value": V}, ...]}
// Both `prepare` (which records it) and `run` (which checks it) compute it here, so the
// approval is bound to exactly the argument vector and the environment changes.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/json_io.h"

namespace workflow {

using EnvChanges = std::vector<std::pair<std::string, std::string>>;

// {"argv": [...], "env_changes": [{"name", "value"}...]}: what the digest covers.
core::Json command_digest_input(const std::vector<std::string>& argv, const EnvChanges& env_changes);

// "sha256:<hex>" = core::json_digest(command_digest_input(argv, env_changes)).
std::string command_digest(const std::vector<std::string>& argv, const EnvChanges& env_changes);

}  // namespace workflow
