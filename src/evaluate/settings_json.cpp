#include "evaluate/settings_json.h"

namespace evaluate {

Settings settings_of(const artifacts::PlanEvaluation& e) {
  Settings s;
  s.intent = e.intent.value_or(s.intent);
  s.windows = static_cast<int>(e.windows.value_or(s.windows));
  s.seq_len = static_cast<int>(e.seq_len.value_or(s.seq_len));
  s.canary_tokens = static_cast<int>(e.canary_tokens.value_or(s.canary_tokens));
  s.budget_seconds = e.budget_seconds.value_or(s.budget_seconds);
  s.max_ppl_increase_pct = e.max_ppl_increase_pct.value_or(s.max_ppl_increase_pct);
  s.z = e.z.value_or(s.z);
  return s;
}

}  // namespace evaluate
