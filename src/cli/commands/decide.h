// Checkpoint 4 as reusable entry points: `quark-ptq accept`, `quark-ptq followup TEXT` and
// `quark-ptq start`.
#pragma once

#include <string>

#include "cli/context.h"

namespace cli {

struct DecideOptions {
  std::string text;                 // followup: the request
  std::string user_words;           // accept: recorded with the decision ("" = "quark-ptq accept")
  bool despite_evaluation = false;  // accept --despite-evaluation: the evaluation is not a pass, accepted knowingly
  std::string candidate;            // accept --candidate NAME: a comparison's candidate
  bool remove_others = false;       // accept --candidate NAME --remove-others: the other candidates' outputs go
};

int run_accept_command(Context& ctx, const DecideOptions& opt);
int run_followup_command(Context& ctx, const DecideOptions& opt);

}  // namespace cli
