// The human view of an evaluation (checkpoint 4 and `quark-ptq evaluate`).
#pragma once

#include "cli/console.h"
#include "evaluate/evaluation.h"

namespace cli {

void print_evaluation(const Console& console, const evaluate::EvaluationResult& result);

// What step 4 will evaluate, from run_manifest.yaml `evaluator` (checkpoint 3 shows it beside
// the command it approves with it); nothing when the block is null.
void say_evaluator(const Console& console, const core::Json& evaluator);

}  // namespace cli
