// The layer-shape facts that decide, before launch, whether quark-cli will fail late: in
// Quark 0.13 the integer per-group observers need every quantized Linear's in_features to be
// a multiple of the group, and AWQ's pseudo-quantization asserts the same for every per-group
// format (MX and FP4 otherwise pad their last block). Some schemes fail whatever the shapes
// (export of mx6/mx9/bfp16; awq/gptq on two-stage formats). The rules are data
// (knowledge/plan/rules.json shape_rules, scheme_failures), measured on the installed Quark.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "knowledge/schemes.h"
#include "plan/module_inventory.h"

namespace plan {

// The group that must divide in_features for `scheme` with `algorithms`; nullopt when none.
std::optional<std::uint64_t> required_group(const knowledge::Scheme& scheme, const std::vector<std::string>& algorithms);

struct Misfit {
  std::string module;
  std::uint64_t in_features = 0;
};

// The quantized modules (not matched by `excludes`) whose scheme is `scheme_name` under
// `overrides` (an exact name first, then the first matching pattern, as in Quark) and whose in_features `group` does
// not divide. Modules of unknown shape are not judged.
std::vector<Misfit> misfits(const std::vector<Module>& modules, const std::vector<std::string>& excludes,
                            const std::vector<std::pair<std::string, std::string>>& overrides, const std::string& scheme_name,
                            std::uint64_t group);

// Why `scheme` fails whatever the model ("" when it does not): at export, or with one of
// `algorithms` (then `algo` names it).
std::string scheme_failure(const std::string& scheme, const std::vector<std::string>& algorithms, std::string* algo);

}  // namespace plan
