// The options of step 3 as the person gave them - on `quark-ptq prepare`, or as the MCP
// prepare tool's arguments. Each is declared once, with its flag, key, kind and help, in
// prepare_table.h; the CLI binding and the MCP tool's schema go through that table.
#pragma once

#include <string>

namespace options {

struct PrepareOptions {
  std::string output_dir;   // as given; checked (never created) by prepare
  std::string python;       // "" = $VIRTUAL_ENV, $CONDA_PREFIX, quark-cli on PATH
  std::string eval_python;  // runs step 4's evaluation ("" = the same as quark-cli's)
  bool overwrite = false;   // an existing non-empty output directory is allowed

  bool operator==(const PrepareOptions&) const = default;
};

}  // namespace options
