#include "cli/not_implemented.h"

namespace cli {

void add_followup_command(CLI::App& app, CommandFn& selected) {
  add_not_implemented(app, selected, "followup", "Checkpoint 4: ask for a bounded follow-up");
}

}  // namespace cli
