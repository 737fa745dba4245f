#include "cli/not_implemented.h"

namespace cli {

void add_run_command(CLI::App& app, CommandFn& selected) {
  add_not_implemented(app, selected, "run", "Checkpoint 3 and step 4: approve and run the exact command");
}

}  // namespace cli
