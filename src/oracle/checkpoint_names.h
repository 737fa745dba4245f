// What verify needs from an oracle answer to compare a source checkpoint with Quark's export
// module by module: how a module name of the saved checkpoint becomes the name Quark exports it
// under, and which weight holders are not nn.Linear (Quark neither quantizes them nor lists them
// in quantization_config.exclude). Same form as knowledge/verify/checkpoint_names.json, the
// shipped fallback, so the plan can record either.
//
// The rules come from the installed libraries' own facts: first the conversion mapping's
// module-level renamings (WeightRenaming / PrefixChange without a scope, whose patterns do not
// name a parameter), as transformers applies them on load; then, for every nn.Linear whose saved
// name still differs from Quark's (unfused experts: experts.E.w1 -> experts.E.gate_proj), one
// rule with the numeric path segments captured, so that it holds at any depth.
#pragma once

#include <string>
#include <vector>

#include "oracle/model_oracle.h"

namespace oracle {

// ECMAScript regex `match`, replaced with `replace` ("$1" refs), applied to a module name.
struct NameRule {
  std::string match;
  std::string replace;
  bool operator==(const NameRule&) const = default;
};

struct CheckpointNames {
  std::vector<NameRule> renames;  // in order
  // fnmatch patterns of Quark's names (layer and expert indices folded to *):
  std::vector<std::string> non_linear_holders;  // weight holders with a matrix that are not nn.Linear
  std::vector<std::string> linear_modules;      // every nn.Linear Quark sees (unfused experts too)
  bool operator==(const CheckpointNames&) const = default;
};

CheckpointNames checkpoint_names(const ModelOracle& oracle);

// `name` through `rules`, in order (what verify does with them).
std::string apply_name_rules(const std::vector<NameRule>& rules, const std::string& name);

}  // namespace oracle
