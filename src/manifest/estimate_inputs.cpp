#include "manifest/estimate_inputs.h"

namespace manifest {

EstimateInputs plan_estimate_inputs(const PlanView& plan) {
  EstimateInputs in;
  in.size = plan.size;
  in.scheme = plan.global_scheme;
  in.algorithms = plan.algorithms;
  in.calibration = plan.calibration;
  in.evaluation = plan.evaluation_intent != "none" && !plan.evaluated_by_quark_ptq;
  if (plan.evaluated_by_quark_ptq && plan.evaluation) {
    EstimateInputs::OwnEvaluation own;
    const artifacts::PlanEvaluation& e = *plan.evaluation;
    if (e.windows) own.windows = static_cast<double>(*e.windows);
    if (e.seq_len) own.seq_len = static_cast<double>(*e.seq_len);
    own.budget_seconds = e.budget_seconds.value_or(own.budget_seconds);
    in.own_evaluation = own;
  }
  in.multi_device = plan.multi_device;
  return in;
}

}  // namespace manifest
