#include "cli/not_implemented.h"

namespace cli {

void add_prepare_command(CLI::App& app, CommandFn& selected) {
  add_not_implemented(app, selected, "prepare", "Step 3: check the environment and write the exact command");
}

}  // namespace cli
