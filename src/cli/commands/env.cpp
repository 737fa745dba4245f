#include "cli/not_implemented.h"

namespace cli {

void add_env_command(CLI::App& app, CommandFn& selected) {
  add_not_implemented(app, selected, "env", "The environment report");
}

}  // namespace cli
