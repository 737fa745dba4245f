// The exact linear-module inventory from the analysis, and fnmatch-style pattern matching
// against it (Quark matches exclusion and override patterns with fnmatch, so '*' crosses
// dots). The inventory is intake's exact one (intake::expand_inventory); analyses without
// it may list quantization_targets.modules: [{"name": ..., "role": ...}] (or plain names,
// whose role is inferred from knowledge/plan/rules.json role_patterns).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "artifacts/model_analysis.h"

namespace plan {

struct Module {
  std::string name;
  std::string role;               // "attention", "mlp", "expert", "router", "lm_head", "vision", ...
  std::uint64_t in_features = 0;  // 0: not known (name-only lists, fused 3-D expert tensors)
  std::uint64_t out_features = 0;
};

// Empty when the analysis lists no modules. The exact inventory carries each Linear's
// [out_features, in_features] weight shape; the meta-device oracle, when it feeds the planner,
// gives the same struct.
std::vector<Module> inventory_from_analysis(const artifacts::ModelAnalysis& analysis);

// Python fnmatch.fnmatchcase semantics ('*' any run, '?' one char, [set]).
bool pattern_matches(const std::string& pattern, const std::string& name);
bool any_pattern_matches(const std::vector<std::string>& patterns, const std::string& name);

std::string infer_role(const std::string& name);

// Numeric path segments folded to '*', with counts: "model.layers.*.mlp.up_proj (x36)".
std::vector<std::string> compact_names(const std::vector<std::string>& names);

}  // namespace plan
