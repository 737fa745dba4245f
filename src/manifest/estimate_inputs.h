// What the estimate takes from the plan alone. prepare adds the machine (its devices, host
// memory, CPUs, the output's free disk); the calibration tests against the H200 runs add the
// machine each run was measured on, so that both estimate a plan the same way.
#pragma once

#include "manifest/estimate.h"
#include "manifest/plan_view.h"

namespace manifest {

EstimateInputs plan_estimate_inputs(const PlanView& plan);

}  // namespace manifest
