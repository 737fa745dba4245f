#include "cli/not_implemented.h"

namespace cli {

void add_data_command(CLI::App& app, CommandFn& selected) {
  add_not_implemented(app, selected, "data", "Stage local calibration/evaluation corpora into the Hugging Face cache");
}

}  // namespace cli
