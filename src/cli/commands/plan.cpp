#include "cli/not_implemented.h"

namespace cli {

void add_plan_command(CLI::App& app, CommandFn& selected) {
  add_not_implemented(app, selected, "plan", "Step 2: build the quantization plan against the installed Quark");
}

}  // namespace cli
