#include "cli/not_implemented.h"

namespace cli {

void add_start_command(CLI::App& app, CommandFn& selected) {
  add_not_implemented(app, selected, "start", "The whole flow interactively");
}

}  // namespace cli
