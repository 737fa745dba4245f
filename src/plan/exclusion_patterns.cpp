#include "plan/exclusion_patterns.h"

#include <algorithm>
#include <map>
#include <set>

#include "core/text.h"

namespace plan {

namespace {

std::vector<std::string> components(const std::string& name) {
  std::vector<std::string> out;
  for (const auto& piece : core::split(name, '.')) out.emplace_back(piece);
  return out;
}

std::string joined(const std::vector<std::string>& parts, std::size_t n) {
  std::string out;
  for (std::size_t i = 0; i < n && i < parts.size(); ++i) out += (i == 0 ? "" : ".") + parts[i];
  return out;
}

// Whether `pattern` matches a module that is not a target.
bool touches_others(const std::string& pattern, const std::set<std::string>& targets, const std::vector<Module>& modules) {
  return std::any_of(modules.begin(), modules.end(),
                     [&](const Module& m) { return targets.count(m.name) == 0 && pattern_matches(pattern, m.name); });
}

// Groups the targets by their first `depth` components; each group is covered by its longest
// common dotted prefix plus ".*" when that touches no other module, else split one level deeper.
void cover(const std::vector<std::vector<std::string>>& group, std::size_t depth, const std::set<std::string>& targets,
           const std::vector<Module>& modules, std::set<std::string>& out) {
  std::map<std::string, std::vector<std::vector<std::string>>> by_prefix;
  for (const auto& parts : group) {
    if (parts.size() <= depth) {
      out.insert(joined(parts, parts.size()));  // nothing below it to isolate: the name itself
      continue;
    }
    by_prefix[joined(parts, depth)].push_back(parts);
  }
  for (const auto& [prefix, members] : by_prefix) {
    if (members.size() == 1) {
      out.insert(joined(members.front(), members.front().size()));  // one module: its name
      continue;
    }
    // The longest common prefix of the members, in whole components, short of the leaf.
    std::size_t common = members.front().size() - 1;
    for (const auto& m : members) {
      std::size_t k = 0;
      while (k < common && k < m.size() - 1 && m[k] == members.front()[k]) ++k;
      common = k;
    }
    common = std::max(common, depth);
    std::string pattern = joined(members.front(), common) + ".*";
    if (common > 0 && !touches_others(pattern, targets, modules)) {
      out.insert(pattern);
    } else {
      cover(members, common + 1, targets, modules, out);
    }
  }
}

}  // namespace

std::vector<std::string> covering_patterns(const std::vector<std::string>& targets, const std::vector<Module>& modules) {
  std::set<std::string> wanted(targets.begin(), targets.end());
  std::vector<std::vector<std::string>> group;
  for (const auto& t : wanted) group.push_back(components(t));
  std::set<std::string> out;
  cover(group, 1, wanted, modules, out);
  return {out.begin(), out.end()};
}

std::vector<std::string> router_patterns(const std::vector<std::string>& routers, const std::vector<Module>& modules) {
  std::set<std::string> leaves;
  for (const auto& n : routers) leaves.insert("*" + n.substr(n.rfind('.') == std::string::npos ? 0 : n.rfind('.')));
  for (const auto& l : leaves) {
    for (const auto& m : modules) {
      if (m.role != "router" && pattern_matches(l, m.name)) return covering_patterns(routers, modules);
    }
  }
  return {leaves.begin(), leaves.end()};
}

std::vector<std::string> live_patterns(const std::vector<std::string>& patterns, const std::vector<Module>& modules) {
  std::vector<std::string> out;
  for (const auto& p : patterns) {
    bool live = std::any_of(modules.begin(), modules.end(), [&](const Module& m) { return pattern_matches(p, m.name); });
    if (live && std::find(out.begin(), out.end(), p) == out.end()) out.push_back(p);
  }
  return out;
}

}  // namespace plan
