// Checkpoint 3 + step 4 as a reusable entry point: `quark-ptq run` and `quark-ptq start` both
// call it.
#pragma once

#include <string>

#include "cli/context.h"

namespace cli {

struct RunOptions {
  // The digest being approved. Empty: ask "Shall I run this exact command?" on a terminal
  // (no terminal: refuse, exit 7). Set: approve through workflow::approve_execution().
  std::string approve;
  // The user's words recorded with the approval ("はい" when start asked; empty means
  // "--approve <digest>").
  std::string user_words;
  // Seconds between forwarding Ctrl-C / SIGTERM to quark-cli and killing its process group.
  double stop_grace_seconds = 10;
};

// Approves (workflow::approve_execution), runs, monitors, verifies and updates
// run_manifest.yaml; returns the exit code.
int run_run_command(Context& ctx, const RunOptions& opt);

}  // namespace cli
