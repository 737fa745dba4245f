#include "cli/not_implemented.h"

namespace cli {

void add_analyze_command(CLI::App& app, CommandFn& selected) {
  add_not_implemented(app, selected, "analyze", "Step 1: analyze a model's configuration and safetensors headers");
}

}  // namespace cli
