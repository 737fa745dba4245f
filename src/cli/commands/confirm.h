// Checkpoints 1 and 2 as a reusable entry point: `quark-ptq confirm` and `quark-ptq start`.
#pragma once

#include <string>
#include <vector>

#include "cli/context.h"

namespace cli {

struct ConfirmOptions {
  std::string what;               // "analysis" or "plan"
  std::vector<std::string> sets;  // analysis only: KEY=VALUE corrections
  std::string digest;             // optional: the digest of the content the user saw
  std::string user_words;         // recorded with the confirmation ("" = the command line)
  bool in_flow = false;           // called by start: no "next" hint
};

int run_confirm_command(Context& ctx, const ConfirmOptions& opt);

}  // namespace cli
