// Exclusion patterns that the tool itself suggests (a fix, a written --template_file) are
// derived from the module names the plan is checked against, so that pasting a suggestion
// never fails the same check: each pattern matches at least one module (a user's --exclude
// must: plan.problem.pattern_no_match) and none outside the modules it is meant to exclude.
#pragma once

#include <string>
#include <vector>

#include "plan/module_inventory.h"

namespace plan {

// The fewest subtree patterns ("visual.*", "model.visual.*") that together match every name
// in `targets` and no other module of `modules`; a target that no subtree isolates is named
// exactly. Sorted, without duplicates; empty when `targets` is empty.
std::vector<std::string> covering_patterns(const std::vector<std::string>& targets, const std::vector<Module>& modules);

// Routers sit at the same leaf in every layer ("*.mlp.gate"): one pattern per leaf when it
// matches routers only (role "router"), else covering_patterns of the routers.
std::vector<std::string> router_patterns(const std::vector<std::string>& routers, const std::vector<Module>& modules);

// The patterns of `patterns` that match at least one module, in their order: a template
// default that matches nothing is harmless as a default but fails when typed as --exclude.
std::vector<std::string> live_patterns(const std::vector<std::string>& patterns, const std::vector<Module>& modules);

}  // namespace plan
