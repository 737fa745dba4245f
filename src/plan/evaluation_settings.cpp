#include "plan/evaluation_settings.h"

#include "plan/rules.h"

namespace plan {

artifacts::PlanEvaluation evaluation_settings(const std::string& intent, const std::string& priority, const std::string& text) {
  const knowledge::EvaluationRules& ev = plan_rules().evaluation;
  artifacts::PlanEvaluation e;
  e.intent = intent;
  if (auto per = ev.budgets.find(intent); per != ev.budgets.end()) {
    e.windows = per->second.windows;
    e.seq_len = per->second.seq_len;
    e.canary_tokens = per->second.canary_tokens;
    e.budget_seconds = static_cast<double>(per->second.budget_seconds);
  }
  // Every priority has its threshold (the rules' loader checks it); a priority that is not one
  // was refused with the options.
  auto thr = ev.max_ppl_increase_pct.find(priority);
  if (thr != ev.max_ppl_increase_pct.end()) e.max_ppl_increase_pct = thr->second;
  e.z = ev.z;
  if (!text.empty()) e.text = text;
  return e;
}

}  // namespace plan
