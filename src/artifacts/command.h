// The manifest's `command` section: the exact quark-cli command prepare recorded, as shown at
// checkpoint 3, with the digest that approval names. One reader and one writer's encoding; what
// the digest covers and when a recorded command can be trusted stay the workflow's
// (workflow/command_digest.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/json_io.h"
#include "core/result.h"

namespace artifacts {

struct EnvChange {
  std::string name;
  std::string value;
};

struct Command {
  std::optional<std::string> python;     // the interpreter the environment was checked with (null: none)
  std::optional<std::string> quark_cli;  // argv's first word
  std::vector<std::string> argv;
  std::vector<EnvChange> env_changes;
  std::optional<std::string> display;  // as written; the workflow derives its own from argv
  std::optional<std::int64_t> scope;   // absent: 1 (written before the scope was recorded)
  std::string digest;                  // "" until prepare has computed it

  core::Json to_json() const;
  // artifacts.field_invalid naming the field ("command/argv/1 is not a string",
  // "command/env_changes/0/value is missing").
  static core::Result<Command> from_json(const core::Json& section);
};

// The manifest's `command`, nullopt when there is none.
core::Result<std::optional<Command>> manifest_command(const core::Json& manifest);

}  // namespace artifacts
