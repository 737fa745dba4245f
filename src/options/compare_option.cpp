#include "options/compare_option.h"

#include <algorithm>

#include "core/text.h"
#include "knowledge/plan_rules.h"
#include "options/option_table.h"

namespace options {

namespace {

core::Error usage(std::string id) { return core::make_error(core::ExitCode::usage, std::move(id)); }

}  // namespace

core::Result<std::optional<CompareRequest>> compare_request(const PlanOptions& o) {
  if (o.compare.empty()) {
    if (o.compare_max) return usage("plan.compare_max_alone").with("max", std::to_string(*o.compare_max));
    return std::optional<CompareRequest>{};
  }
  if (!o.scheme.empty()) return usage("plan.compare_with_scheme").with("scheme", o.scheme).with("compare", o.compare);
  if (o.eval == "none") return usage("plan.compare_eval_none");
  CompareRequest r;
  for (const auto& piece : core::split(o.compare, ',')) {
    std::string name(core::trim(piece, " "));
    if (name.empty()) return usage("plan.compare_bad_list").with("value", o.compare);
    if (name == "auto") {
      r.automatic = true;
    } else if (std::find(r.schemes.begin(), r.schemes.end(), name) == r.schemes.end()) {
      r.schemes.push_back(std::move(name));
    }
  }
  if (r.automatic && !r.schemes.empty()) return usage("plan.compare_bad_list").with("value", o.compare);
  if (o.compare_max) {
    r.max = *o.compare_max;
  } else {
    QPTQ_TRY_ASSIGN(const knowledge::PlanRules* rules, knowledge::plan_rules());
    r.max = static_cast<int>(rules->comparison.max_candidates);
  }
  return std::optional<CompareRequest>{std::move(r)};
}

PlanOptions comparison_options(PlanOptions o, const CompareRequest& r) {
  o.compare = r.automatic ? "auto" : core::join(r.schemes, ",");
  if (!o.eval.empty()) return o;
  auto rules = knowledge::plan_rules();
  if (rules && (*rules)->default_evaluation_intent != "none") {
    o.eval = (*rules)->default_evaluation_intent;
    return o;
  }
  // The --eval choices come from the smallest budget up, "none" first.
  for (const auto& c : choices(*find_plan_option("eval"))) {
    if (c != "none") {
      o.eval = c;
      break;
    }
  }
  return o;
}

PlanOptions candidate_options(PlanOptions o, const std::string& scheme) {
  o.compare.clear();
  o.compare_max.reset();
  o.scheme = scheme;
  return o;
}

}  // namespace options
