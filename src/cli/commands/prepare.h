// Step 3 as a reusable entry point: `quark-ptq prepare` and `quark-ptq start` both call it.
// (Declared by the workflow spine; defined in prepare.cpp by the prepare branch.)
#pragma once

#include <string>

#include "cli/context.h"

namespace cli {

struct PrepareOptions {
  std::string output_dir;     // --output-dir DIR, as typed
  std::string python;         // --python PATH ("" = $VIRTUAL_ENV, $CONDA_PREFIX, quark-cli on PATH)
  std::string eval_python;    // --eval-python PATH: runs step 4's evaluation ("" = the same as quark-cli's)
  bool overwrite = false;     // --overwrite: an existing non-empty output directory is allowed
  bool ask_question = false;  // print checkpoint 3's question and how to answer (the subcommand); start asks it itself
};

// Writes run_manifest.yaml (requires checkpoint 2), prints the command and its digest;
// returns the exit code. It does not ask checkpoint 3's question when called by start
// (start asks it), so it must not prompt.
int run_prepare_command(Context& ctx, const PrepareOptions& opt);

}  // namespace cli
