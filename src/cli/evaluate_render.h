// The human view of an evaluation (checkpoint 4 and `quark-ptq evaluate`).
#pragma once

#include "cli/console.h"
#include "evaluate/evaluation.h"

namespace cli {

void print_evaluation(const Console& console, const evaluate::EvaluationResult& result);

}  // namespace cli
