#include "plan/rules.h"

namespace plan {

core::Result<void> load_tables() {
  QPTQ_TRY(knowledge::plan_rules());
  QPTQ_TRY(knowledge::plan_targets());
  return core::ok();
}

const knowledge::PlanRules& plan_rules() {
  static const knowledge::PlanRules kEmpty;
  auto r = knowledge::plan_rules();
  return r ? **r : kEmpty;
}

const knowledge::PlanTargets& targets_table() {
  static const knowledge::PlanTargets kEmpty;
  auto t = knowledge::plan_targets();
  return t ? **t : kEmpty;
}

}  // namespace plan
