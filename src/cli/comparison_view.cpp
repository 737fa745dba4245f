#include "cli/comparison_view.h"

#include "cli/summaries.h"
#include "flow/risk_text.h"

namespace cli {

namespace {

// A recorded text ({id, args, text}) in the user's language; its English words without an id.
std::string recorded_text(const Console& c, const core::Json& t) {
  std::string id = core::json_string(t, "id").value_or("");
  return id.empty() ? core::json_string(t, "text").value_or("-") : c.t(id, flow::recorded_args(t));
}

}  // namespace

void show_comparison(const Console& c, const core::Json& plan) {
  const core::Json* cmp = core::json_object(plan, "comparison");
  if (cmp == nullptr) return;
  const core::Json* candidates = core::json_array(*cmp, "candidates");
  const core::Json* left_out = core::json_array(*cmp, "left_out");
  const core::Json* max = core::json_at(*cmp, "max");
  c.say("plan.table.comparison", {{"count", std::to_string(candidates == nullptr ? 0 : candidates->size())}, {"max", brief(max)}});
  static const core::Json kNone = core::Json::array();
  int n = 0;
  for (const auto& k : candidates == nullptr ? kNone : *candidates) {
    const core::Json* p = core::json_object(k, "plan");
    if (p == nullptr) continue;
    c.line(c.t("plan.table.compare_candidate", {{"n", std::to_string(++n)},
                                                {"name", brief(core::json_at(k, "name"))},
                                                {"algorithm", brief(core::json_at(*p, "algorithm"))},
                                                {"kv_cache", brief(core::json_at(*p, "kv_cache_scheme"))},
                                                {"exclusions", std::to_string(core::json_string_list(*p, "exclude_layers").size())},
                                                {"evaluation", brief(core::json_at(*p, "evaluation_intent"))}}));
    if (const core::Json* refit = core::json_object(k, "refit"))
      c.line(c.t("plan.table.compare_refit", {{"refit", recorded_text(c, *refit)}}));
  }
  if (left_out == nullptr || left_out->empty()) return;
  c.say("plan.table.compare_left_out", {{"count", std::to_string(left_out->size())}});
  for (const auto& l : *left_out) {
    const core::Json* reason = core::json_object(l, "reason");
    c.line(c.t("plan.table.compare_left_out_line",
               {{"scheme", brief(core::json_at(l, "scheme"))}, {"reason", reason == nullptr ? "-" : recorded_text(c, *reason)}}));
  }
}

}  // namespace cli
