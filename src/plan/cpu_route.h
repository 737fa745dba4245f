// The CPU route: amd-quark 0.13's quark-cli cannot quantize on a host without a GPU (with no
// CUDA device its get_model offloads the whole model to disk; docs/quark-facts.md §5), and
// 0.12.post1 can (§10.1). A plan for the CPU against 0.13 or later is refused here, at plan
// time, with the route to the second pinned environment (scripts/setup-quark-cpu-env.sh),
// instead of passing checkpoint 2 and blocking at prepare.
#pragma once

#include <string>

#include "plan/planner.h"

namespace plan {

// True for versions whose quark-cli needs a GPU to quantize ("0.13", "0.13.1", "1.0", ...).
bool quark_needs_gpu_to_quantize(const std::string& version);

void check_cpu_route(const PlanInputs& in, Plan& p);

}  // namespace plan
