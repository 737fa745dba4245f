#include "evaluate/settings_json.h"

namespace evaluate {

Settings settings_from_json(const core::Json& e) {
  Settings s;
  s.intent = core::json_string(e, "intent").value_or(s.intent);
  s.windows = static_cast<int>(core::json_int(e, "windows").value_or(s.windows));
  s.seq_len = static_cast<int>(core::json_int(e, "seq_len").value_or(s.seq_len));
  s.canary_tokens = static_cast<int>(core::json_int(e, "canary_tokens").value_or(s.canary_tokens));
  s.budget_seconds = core::json_number(e, "budget_seconds").value_or(s.budget_seconds);
  s.max_ppl_increase_pct = core::json_number(e, "max_ppl_increase_pct").value_or(s.max_ppl_increase_pct);
  s.z = core::json_number(e, "z").value_or(s.z);
  return s;
}

}  // namespace evaluate
