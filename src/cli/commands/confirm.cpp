#include "cli/not_implemented.h"

namespace cli {

void add_confirm_command(CLI::App& app, CommandFn& selected) {
  add_not_implemented(app, selected, "confirm", "Checkpoint 1 or 2: confirm the analysis or the plan");
}

}  // namespace cli
