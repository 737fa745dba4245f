#include "knowledge/plan_rules.h"

#include "core/embedded.h"
#include "knowledge/data_error.h"
#include "knowledge/strict_fields.h"

namespace knowledge {

namespace {

constexpr std::string_view kPath = "knowledge/plan/rules.json";

PreferenceTable preference_table(StrictFields& f, const core::Json& doc, const std::string& key) {
  PreferenceTable out;
  const core::Json& table = f.object(doc, "", key);
  for (const auto& [priority, per] : table.items()) {
    const std::string at = "/" + key;
    const core::Json& lists = f.object(table, at, priority);
    auto& row = out[priority];
    for (const auto& [k, v] : lists.items()) row.emplace(k, f.strings(lists, at + "/" + priority, k));
  }
  return out;
}

std::map<std::string, std::string, std::less<>> string_map(StrictFields& f, const core::Json& obj, const std::string& where) {
  std::map<std::string, std::string, std::less<>> out;
  for (const auto& [k, v] : obj.items()) out.emplace(k, f.string(obj, where, k));
  return out;
}

}  // namespace

const std::vector<std::string>& PlanRules::preferences(const PreferenceTable& table, std::string_view priority, std::string_view key) {
  static const std::vector<std::string> kNone;
  auto per = table.find(priority);
  if (per == table.end()) return kNone;
  auto it = per->second.find(key);
  return it == per->second.end() ? kNone : it->second;
}

core::Result<PlanRules> parse_plan_rules(const core::Json& doc) {
  StrictFields f{std::string(kPath)};
  PlanRules out;
  out.scheme_preferences = preference_table(f, doc, "scheme_preferences");
  out.algorithm_preferences = preference_table(f, doc, "algorithm_preferences");
  for (const auto& [priority, v] : f.object(doc, "", "kv_cache_default").items()) {
    if (v.is_null()) {
      out.kv_cache_default.emplace(priority, std::nullopt);
    } else if (v.is_string()) {
      out.kv_cache_default.emplace(priority, v.get<std::string>());
    } else {
      return core::fail(data_invalid(kPath, "/kv_cache_default/" + priority + " is neither a string nor null"));
    }
  }
  out.default_evaluation_intent = f.string(doc, "", "default_evaluation_intent");
  out.never_quantize_roles = f.strings(doc, "", "never_quantize_roles");
  out.priorities = f.strings(doc, "", "priorities");
  const core::Json& roles = f.object(doc, "", "role_patterns");
  for (const auto& [role, v] : roles.items()) {
    if (role == "_comment") continue;
    out.role_patterns.emplace(role, f.strings(roles, "/role_patterns", role));
  }
  out.role_order = f.strings(doc, "", "role_order");

  const core::Json& shape = f.object(doc, "", "shape_rules");
  out.shape_rules = {f.strings(shape, "/shape_rules", "group_divides_in_features_families"),
                     f.strings(shape, "/shape_rules", "group_divides_in_features_algorithms"),
                     f.number(shape, "/shape_rules", "override_share_max")};

  const core::Json& failures = f.object(doc, "", "scheme_failures");
  out.scheme_failures.at_export = string_map(f, f.object(failures, "/scheme_failures", "export"), "/scheme_failures/export");
  const core::Json& with = f.object(failures, "/scheme_failures", "with_algorithm");
  for (const auto& [algo, v] : with.items()) {
    const std::string at = "/scheme_failures/with_algorithm";
    out.scheme_failures.with_algorithm.emplace(algo, string_map(f, f.object(with, at, algo), at + "/" + algo));
  }

  const core::Json& ev = f.object(doc, "", "evaluation");
  for (const char* intent : {"smoke", "full"}) {
    const std::string at = std::string("/evaluation/") + intent;
    const core::Json& b = f.object(ev, "/evaluation", intent);
    out.evaluation.budgets.emplace(intent, EvaluationBudget{f.integer(b, at, "windows"), f.integer(b, at, "seq_len"),
                                                            f.integer(b, at, "canary_tokens"), f.integer(b, at, "budget_seconds")});
  }
  const core::Json& thr = f.object(ev, "/evaluation", "max_ppl_increase_pct");
  for (const auto& [priority, v] : thr.items()) {
    out.evaluation.max_ppl_increase_pct.emplace(priority, f.number(thr, "/evaluation/max_ppl_increase_pct", priority));
  }
  out.evaluation.z = f.number(ev, "/evaluation", "z");
  out.comparison.max_candidates = f.integer(f.object(doc, "", "comparison"), "/comparison", "max_candidates");
  QPTQ_TRY(f.result());
  // Every priority a person can name has its threshold, and the default intent is one there is
  // (or "none"): the planner looks them up without a fallback.
  for (const auto& priority : out.priorities) {
    if (out.evaluation.max_ppl_increase_pct.count(priority) == 0) {
      return core::fail(data_invalid(kPath, "/evaluation/max_ppl_increase_pct has no threshold for the priority " + priority));
    }
  }
  if (out.default_evaluation_intent != "none" && out.evaluation.budgets.count(out.default_evaluation_intent) == 0) {
    return core::fail(data_invalid(kPath, "/default_evaluation_intent names no evaluation budget"));
  }
  return out;
}

core::Result<const PlanRules*> plan_rules() {
  static const core::Result<PlanRules> parsed = []() -> core::Result<PlanRules> {
    auto text = core::embedded_file(kPath);
    if (!text) return core::fail(data_missing(kPath));
    QPTQ_TRY_ASSIGN(core::Json doc, core::parse_json(*text, kPath));
    return parse_plan_rules(doc);
  }();
  if (!parsed) return parsed.error();
  return &parsed.value();
}

}  // namespace knowledge
