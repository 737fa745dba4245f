#include "cli/not_implemented.h"

namespace cli {

void add_accept_command(CLI::App& app, CommandFn& selected) {
  add_not_implemented(app, selected, "accept", "Checkpoint 4: accept the verified result");
}

}  // namespace cli
