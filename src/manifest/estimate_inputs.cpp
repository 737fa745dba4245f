#include "manifest/estimate_inputs.h"

namespace manifest {

EstimateInputs plan_estimate_inputs(const PlanView& plan) {
  EstimateInputs in;
  in.size = plan.size;
  in.scheme = plan.global_scheme;
  in.algorithms = plan.algorithms;
  in.calibration = plan.calibration;
  in.evaluation = plan.evaluation_intent != "none" && !plan.evaluated_by_quark_ptq;
  if (plan.evaluated_by_quark_ptq && plan.evaluation.is_object()) {
    EstimateInputs::OwnEvaluation own;
    auto number = [&](const char* key, double fallback) {
      const core::Json* v = core::json_at(plan.evaluation, key);
      return v != nullptr && v->is_number() ? v->get<double>() : fallback;
    };
    own.windows = number("windows", own.windows);
    own.seq_len = number("seq_len", own.seq_len);
    own.budget_seconds = number("budget_seconds", own.budget_seconds);
    in.own_evaluation = own;
  }
  in.multi_device = plan.multi_device;
  return in;
}

}  // namespace manifest
