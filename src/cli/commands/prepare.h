// Step 3 as a reusable entry point: `quark-ptq prepare` and `quark-ptq start` both call it.
#pragma once

#include <string>

#include "cli/context.h"
#include "options/prepare_options.h"

namespace cli {

struct PrepareOptions {
  options::PrepareOptions given;  // the option table's rows (options/prepare_table.h)
  bool ask_question = false;      // print checkpoint 3's question and how to answer (the subcommand); start asks it itself
};

// Writes run_manifest.yaml (requires checkpoint 2), prints the command and its digest;
// returns the exit code. It does not ask checkpoint 3's question when called by start
// (start asks it), so it must not prompt.
int run_prepare_command(Context& ctx, const PrepareOptions& opt);

}  // namespace cli
