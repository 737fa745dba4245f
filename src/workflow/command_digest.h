// The digest that checkpoint 3 (execution) approves: sha256 of the canonical JSON
// {"argv": [...], "env_changes": [{"name": ..., "value": ...}, ...]} (docs/artifacts.md).
// `prepare` writes it into run_manifest.yaml as command.digest; `run` recomputes it from the
// recorded argv and env_changes, so a hand-edited command can never run under an old approval.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/json_io.h"
#include "core/result.h"

namespace workflow {

struct EnvChangeEntry {
  std::string name;
  std::string value;
};

// "sha256:<hex>".
std::string command_digest(const std::vector<std::string>& argv, const std::vector<EnvChangeEntry>& env_changes);

// The argv and env_changes of a manifest's `command` block, read without throwing.
struct RecordedCommand {
  std::vector<std::string> argv;
  std::vector<EnvChangeEntry> env_changes;
  std::string display;
  std::string digest;  // as recorded
};

// ExitCode::bad_input "workflow.command_invalid" when argv is missing or not a list of strings.
core::Result<RecordedCommand> read_recorded_command(const core::Json& manifest);

}  // namespace workflow
