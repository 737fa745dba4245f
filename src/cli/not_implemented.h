// Placeholder for commands whose module has not landed yet. Each stub is replaced by the
// real command; nothing may ship while this file is still used.
#pragma once

#include <string>

#include "cli/commands.h"
#include "core/error.h"

namespace cli {

inline void add_not_implemented(CLI::App& app, CommandFn& selected, const std::string& name, const std::string& help) {
  auto* sub = app.add_subcommand(name, help);
  sub->allow_extras();
  sub->callback([&selected, name] {
    selected = [name](Context& ctx) {
      return ctx.console.error(core::make_error(core::ExitCode::internal, "cli.not_implemented").with("command", name));
    };
  });
}

}  // namespace cli
