// How the planner picks its defaults (knowledge/plan/rules.json): schemes and algorithms in
// order of preference per priority, the KV-cache default, the roles of module names, the
// shape rules and scheme failures measured on the installed Quark, and the evaluation budgets
// and thresholds.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/json_io.h"
#include "core/result.h"

namespace knowledge {

// priority -> key (an architecture, a scheme family) -> names in order of preference.
using PreferenceTable = std::map<std::string, std::map<std::string, std::vector<std::string>, std::less<>>, std::less<>>;

struct ShapeRules {
  // The group of a per-group scheme must divide in_features for these families, or when one
  // of these algorithms runs.
  std::vector<std::string> group_divides_in_features_families;
  std::vector<std::string> group_divides_in_features_algorithms;
  double override_share_max = 0;  // above this share of misfit layers: a smaller group globally
};

struct SchemeFailures {
  std::map<std::string, std::string, std::less<>> at_export;                                           // scheme -> what fails
  std::map<std::string, std::map<std::string, std::string, std::less<>>, std::less<>> with_algorithm;  // algorithm -> scheme -> what fails
};

struct EvaluationBudget {
  std::int64_t windows = 0;
  std::int64_t seq_len = 0;
  std::int64_t canary_tokens = 0;
  std::int64_t budget_seconds = 0;
};

struct EvaluationRules {
  std::map<std::string, EvaluationBudget, std::less<>> budgets;     // "smoke", "full"
  std::map<std::string, double, std::less<>> max_ppl_increase_pct;  // by priority
  double z = 0;
};

// plan --compare: the candidates one comparison holds unless --compare-max says otherwise.
struct ComparisonRules {
  std::int64_t max_candidates = 0;
};

struct PlanRules {
  PreferenceTable scheme_preferences;                                               // priority -> architecture ("unknown" as well)
  PreferenceTable algorithm_preferences;                                            // priority -> scheme family
  std::map<std::string, std::optional<std::string>, std::less<>> kv_cache_default;  // by priority
  std::string default_evaluation_intent;
  std::vector<std::string> never_quantize_roles;
  std::vector<std::string> priorities;
  std::map<std::string, std::vector<std::string>, std::less<>> role_patterns;  // role -> glob patterns
  std::vector<std::string> role_order;                                         // the order in which role_patterns are tried
  ShapeRules shape_rules;
  SchemeFailures scheme_failures;
  EvaluationRules evaluation;
  ComparisonRules comparison;

  // table[priority][key], empty when either is not there.
  static const std::vector<std::string>& preferences(const PreferenceTable& table, std::string_view priority, std::string_view key);
};

// The strict reading of a document shaped as knowledge/plan/rules.json: internal
// "knowledge.data_invalid" naming the first missing or mistyped field.
core::Result<PlanRules> parse_plan_rules(const core::Json& doc);

// Parsed once from the embedded file.
core::Result<const PlanRules*> plan_rules();

}  // namespace knowledge
