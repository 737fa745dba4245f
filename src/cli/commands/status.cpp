#include "cli/not_implemented.h"

namespace cli {

void add_status_command(CLI::App& app, CommandFn& selected) {
  add_not_implemented(app, selected, "status", "Where the workflow stands");
}

}  // namespace cli
