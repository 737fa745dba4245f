#include "plan/shape_checks.h"

#include <algorithm>

#include "plan/rules.h"

namespace plan {

namespace {

bool contains(const std::vector<std::string>& v, const std::string& s) { return std::find(v.begin(), v.end(), s) != v.end(); }

}  // namespace

std::optional<std::uint64_t> required_group(const knowledge::Scheme& scheme, const std::vector<std::string>& algorithms) {
  if (scheme.weight.granularity != "per_group" || !scheme.weight.group_size || *scheme.weight.group_size <= 0) {
    return std::nullopt;
  }
  const knowledge::ShapeRules& r = plan_rules().shape_rules;
  bool by_family = contains(r.group_divides_in_features_families, scheme.family);
  bool by_algo = false;
  for (const auto& a : r.group_divides_in_features_algorithms) {
    by_algo = by_algo || contains(algorithms, a);
  }
  if (!by_family && !by_algo) return std::nullopt;
  return static_cast<std::uint64_t>(*scheme.weight.group_size);
}

std::vector<Misfit> misfits(const std::vector<Module>& modules, const std::vector<std::string>& excludes,
                            const std::vector<std::pair<std::string, std::string>>& overrides, const std::string& scheme_name,
                            std::uint64_t group) {
  std::vector<Misfit> out;
  for (const auto& m : modules) {
    if (m.in_features == 0 || m.in_features % group == 0 || any_pattern_matches(excludes, m.name)) continue;
    // Quark's order (model_transformation.py): an override naming the module exactly, else
    // the first override pattern that fnmatches it, else the global scheme.
    std::string applies;
    for (const auto& [pattern, scheme] : overrides) {
      if (pattern == m.name) applies = scheme;
    }
    for (const auto& [pattern, scheme] : overrides) {
      if (!applies.empty()) break;
      if (pattern_matches(pattern, m.name)) applies = scheme;
    }
    if ((applies.empty() ? scheme_name : applies) == scheme_name) out.push_back({m.name, m.in_features});
  }
  return out;
}

std::string scheme_failure(const std::string& scheme, const std::vector<std::string>& algorithms, std::string* algo) {
  const knowledge::SchemeFailures& f = plan_rules().scheme_failures;
  if (auto why = f.at_export.find(scheme); why != f.at_export.end()) return why->second;
  for (const auto& a : algorithms) {
    auto per = f.with_algorithm.find(a);
    if (per == f.with_algorithm.end()) continue;
    if (auto why = per->second.find(scheme); why != per->second.end()) {
      if (algo != nullptr) *algo = a;
      return why->second;
    }
  }
  return "";
}

}  // namespace plan
