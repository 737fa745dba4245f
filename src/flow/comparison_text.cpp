#include "flow/comparison_text.h"

#include <algorithm>
#include <optional>

#include "flow/risk_text.h"

namespace flow {

namespace {

std::string brief(const std::optional<std::string>& v) { return v ? *v : "-"; }

// A recorded text in the user's language; its English words without an id.
std::string recorded_text(core::Lang lang, const artifacts::PlanText& t) {
  if (!t.id.empty()) {
    std::vector<core::MessageArg> args;
    for (const auto& [name, value] : t.args) args.push_back({name, value});
    return core::msg(lang, t.id, args);
  }
  return t.text.empty() ? "-" : t.text;
}

// The same risk: the same severity and the same recorded words (which the id and its
// arguments make).
bool same_risk(const artifacts::PlanRiskRecord& a, const artifacts::PlanRiskRecord& b) {
  return a.severity == b.severity && a.message == b.message;
}

}  // namespace

std::vector<std::string> comparison_lines(core::Lang lang, const artifacts::QuantPlan& plan) {
  std::vector<std::string> out;
  if (!plan.comparison) return out;
  const artifacts::PlanComparison& cmp = *plan.comparison;
  out.push_back(
      core::msg(lang, "plan.table.comparison", {{"count", std::to_string(cmp.candidates.size())}, {"max", std::to_string(cmp.max)}}));
  int n = 0;
  for (const artifacts::PlanCandidate& k : cmp.candidates) {
    const artifacts::QuantPlan& p = k.plan;
    out.push_back(core::msg(lang, "plan.table.compare_candidate",
                            {{"n", std::to_string(++n)},
                             {"name", k.name},
                             {"algorithm", brief(p.algorithm)},
                             {"kv_cache", brief(p.kv_cache_scheme)},
                             {"exclusions", std::to_string(p.exclude_layers.size())},
                             {"evaluation", brief(p.evaluation_intent)}}));
    if (k.refit) out.push_back(core::msg(lang, "plan.table.compare_refit", {{"refit", recorded_text(lang, *k.refit)}}));
    // Confirming the comparison accepts every candidate's risks: those the first one's list
    // (the plan's risks) does not already show are shown here.
    for (const artifacts::PlanRiskRecord& r : p.risks) {
      bool shown = std::any_of(plan.risks.begin(), plan.risks.end(), [&r](const artifacts::PlanRiskRecord& q) { return same_risk(r, q); });
      if (!shown) out.push_back(core::msg(lang, "plan.table.compare_candidate_risk", {{"risk", risk_line(lang, r)}}));
    }
  }
  if (cmp.left_out.empty()) return out;
  out.push_back(core::msg(lang, "plan.table.compare_left_out", {{"count", std::to_string(cmp.left_out.size())}}));
  for (const artifacts::LeftOutRecord& l : cmp.left_out) {
    out.push_back(core::msg(lang, "plan.table.compare_left_out_line", {{"scheme", l.scheme}, {"reason", recorded_text(lang, l.reason)}}));
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
