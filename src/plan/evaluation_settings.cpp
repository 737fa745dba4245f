#include "plan/evaluation_settings.h"

#include "plan/rules.h"

namespace plan {

core::Json evaluation_settings(const std::string& intent, const std::string& priority, const std::string& text) {
  const core::Json* ev = core::json_object(plan_rules(), "evaluation");
  const core::Json* per = ev != nullptr ? core::json_object(*ev, intent) : nullptr;
  const core::Json* thr = ev != nullptr ? core::json_object(*ev, "max_ppl_increase_pct") : nullptr;
  core::Json e = {{"intent", intent}};
  for (const char* k : {"windows", "seq_len", "canary_tokens", "budget_seconds"}) {
    if (per != nullptr && per->contains(k)) e[k] = (*per)[k];
  }
  e["max_ppl_increase_pct"] = thr != nullptr ? core::json_number(*thr, priority).value_or(5.0) : 5.0;
  e["z"] = ev != nullptr ? core::json_number(*ev, "z").value_or(1.96) : 1.96;
  e["text"] = text.empty() ? core::Json(nullptr) : core::Json(text);
  return e;
}

}  // namespace plan
