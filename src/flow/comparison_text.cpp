#include "flow/comparison_text.h"

#include <algorithm>

#include "flow/risk_text.h"

namespace flow {

namespace {

std::string brief(const core::Json* v) {
  if (v == nullptr || v->is_null()) return "-";
  if (v->is_string()) return v->get<std::string>();
  return core::dump_compact(*v);
}

// A recorded text ({id, args, text}) in the user's language; its English words without an id.
std::string recorded_text(core::Lang lang, const core::Json& t) {
  std::string id = core::json_string(t, "id").value_or("");
  return id.empty() ? core::json_string(t, "text").value_or("-") : core::msg(lang, id, recorded_args(t));
}

// The same risk: the same severity and the same recorded words (which the id and its
// arguments make).
bool same_risk(const core::Json& a, const core::Json& b) {
  return core::json_string(a, "severity") == core::json_string(b, "severity") &&
         core::json_string(a, "message") == core::json_string(b, "message");
}

}  // namespace

std::vector<std::string> comparison_lines(core::Lang lang, const core::Json& plan) {
  std::vector<std::string> out;
  const core::Json* cmp = core::json_object(plan, "comparison");
  if (cmp == nullptr) return out;
  static const core::Json kNone = core::Json::array();
  const core::Json* found = core::json_array(*cmp, "candidates");
  const core::Json& candidates = found != nullptr ? *found : kNone;
  const core::Json* own = core::json_array(plan, "risks");
  const core::Json& plan_risks = own != nullptr ? *own : kNone;
  out.push_back(
      core::msg(lang, "plan.table.comparison", {{"count", std::to_string(candidates.size())}, {"max", brief(core::json_at(*cmp, "max"))}}));
  int n = 0;
  for (const auto& k : candidates) {
    const core::Json* p = core::json_object(k, "plan");
    if (p == nullptr) continue;
    out.push_back(core::msg(lang, "plan.table.compare_candidate",
                            {{"n", std::to_string(++n)},
                             {"name", brief(core::json_at(k, "name"))},
                             {"algorithm", brief(core::json_at(*p, "algorithm"))},
                             {"kv_cache", brief(core::json_at(*p, "kv_cache_scheme"))},
                             {"exclusions", std::to_string(core::json_string_list(*p, "exclude_layers").size())},
                             {"evaluation", brief(core::json_at(*p, "evaluation_intent"))}}));
    if (const core::Json* refit = core::json_object(k, "refit")) {
      out.push_back(core::msg(lang, "plan.table.compare_refit", {{"refit", recorded_text(lang, *refit)}}));
    }
    // Confirming the comparison accepts every candidate's risks: those the first one's list
    // (the plan's risks) does not already show are shown here.
    if (const core::Json* risks = core::json_array(*p, "risks")) {
      for (const auto& r : *risks) {
        bool shown = std::any_of(plan_risks.begin(), plan_risks.end(), [&r](const core::Json& q) { return same_risk(r, q); });
        if (!shown) out.push_back(core::msg(lang, "plan.table.compare_candidate_risk", {{"risk", risk_line(lang, r)}}));
      }
    }
  }
  const core::Json* left_out = core::json_array(*cmp, "left_out");
  if (left_out == nullptr || left_out->empty()) return out;
  out.push_back(core::msg(lang, "plan.table.compare_left_out", {{"count", std::to_string(left_out->size())}}));
  for (const auto& l : *left_out) {
    const core::Json* reason = core::json_object(l, "reason");
    out.push_back(
        core::msg(lang, "plan.table.compare_left_out_line",
                  {{"scheme", brief(core::json_at(l, "scheme"))}, {"reason", reason == nullptr ? "-" : recorded_text(lang, *reason)}}));
  }
  return out;
}

std::string run_order(core::Lang lang, const artifacts::ComparisonManifest& record) {
  const auto lanes = record.lanes();
  if (lanes.size() <= 1) return core::msg(lang, "comparison.order_sequential");
  if (record.all_jobs()) return core::msg(lang, "comparison.order_jobs", {{"count", std::to_string(lanes.size())}});
  std::string text;
  for (const auto& lane : lanes) {
    std::string names;
    for (std::size_t i : lane) names += (names.empty() ? "" : ", ") + record.candidates[i].name;
    text += (text.empty() ? "" : "; ") + ("GPU " + std::to_string(*record.candidates[lane.front()].gpu)) + ": " + names;
  }
  return core::msg(lang, "comparison.order_side_by_side", {{"lanes", text}});
}

}  // namespace flow
