#include "plan/module_inventory.h"

#include <cctype>
#include <map>

#include "core/glob_match.h"
#include "intake/inventory.h"
#include "plan/rules.h"

namespace plan {

namespace {

bool all_digits(const std::string& s) {
  if (s.empty()) {
    return false;
  }
  for (char c : s) {
    if (!std::isdigit(static_cast<unsigned char>(c))) {
      return false;
    }
  }
  return true;
}

}  // namespace

bool pattern_matches(const std::string& pattern, const std::string& name) { return core::glob_match(pattern, name); }

bool any_pattern_matches(const std::vector<std::string>& patterns, const std::string& name) {
  for (const auto& p : patterns) {
    if (pattern_matches(p, name)) {
      return true;
    }
  }
  return false;
}

std::string infer_role(const std::string& name) {
  const knowledge::PlanRules& rules = plan_rules();
  for (const auto& role : rules.role_order) {
    auto patterns = rules.role_patterns.find(role);
    if (patterns != rules.role_patterns.end() && any_pattern_matches(patterns->second, name)) {
      return role;
    }
  }
  return "other";
}

namespace {

// Intake's roles are plural where the planner's rules speak of one module ("experts").
std::string planner_role(const std::string& intake_role) {
  if (intake_role == "experts" || intake_role == "shared_experts") return "expert";
  return intake_role;
}

}  // namespace

std::vector<Module> inventory_from_analysis(const artifacts::ModelAnalysis& analysis) {
  std::vector<Module> out;
  if (analysis.inventory) {
    // The exact inventory from intake: only what Quark sees as nn.Linear is matched against
    // its patterns (embeddings and GPT-2's Conv1D are not).
    core::Json groups = core::Json::array();
    for (const artifacts::InventoryGroupRecord& g : analysis.inventory->groups) groups.push_back(artifacts::to_json(g));
    auto modules = intake::expand_inventory(groups);
    if (modules) {
      for (auto& m : *modules) {
        if (m.kind != "linear" && m.kind != "fused_experts") continue;
        if (m.tied) continue;
        Module mod{std::move(m.name), planner_role(m.role)};
        if (m.kind == "linear" && m.shape.size() == 2) {
          mod.out_features = m.shape[0];
          mod.in_features = m.shape[1];
        }
        out.push_back(std::move(mod));
      }
      if (!out.empty()) return out;
    }
  }
  const auto& list = analysis.quantization_targets.modules;
  if (!list) {
    return out;
  }
  for (const artifacts::ListedModule& e : *list) {
    Module m;
    m.name = e.name;
    m.role = e.role.value_or("");
    if (m.name.empty()) {
      continue;
    }
    if (m.role.empty()) {
      m.role = infer_role(m.name);
    }
    out.push_back(std::move(m));
  }
  return out;
}

std::vector<std::string> compact_names(const std::vector<std::string>& names) {
  std::map<std::string, int> counts;
  std::vector<std::string> order;
  for (const auto& n : names) {
    std::string folded;
    std::size_t start = 0;
    while (start <= n.size()) {
      std::size_t dot = n.find('.', start);
      std::string seg = n.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
      folded += all_digits(seg) ? "*" : seg;
      if (dot == std::string::npos) {
        break;
      }
      folded += '.';
      start = dot + 1;
    }
    if (counts[folded]++ == 0) {
      order.push_back(folded);
    }
  }
  std::vector<std::string> out;
  for (const auto& f : order) {
    out.push_back(counts[f] == 1 ? f : f + " (x" + std::to_string(counts[f]) + ")");
  }
  return out;
}

}  // namespace plan
