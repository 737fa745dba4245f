// The human view of a failed run's diagnosis: what kind of failure, its cause, the evidence
// from the log and the smallest change, in the console's language. `run` prints it when the run
// fails and `status` prints the recorded one, so the two never tell it differently.
#pragma once

#include "cli/console.h"
#include "diagnose/rules.h"

namespace cli {

void print_diagnosis(const Console& console, const diagnose::Diagnosis& d);

}  // namespace cli
