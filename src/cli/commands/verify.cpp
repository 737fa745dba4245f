#include "cli/not_implemented.h"

namespace cli {

void add_verify_command(CLI::App& app, CommandFn& selected) {
  add_not_implemented(app, selected, "verify", "Verify a quantized output directory");
}

}  // namespace cli
