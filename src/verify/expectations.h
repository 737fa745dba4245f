// What the plan says the output must hold, from quant_plan.json as plan::read_plan_file reads
// it and the shipped tables (knowledge::verify_schemes(), knowledge::verify_checkpoint_names()).
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <regex>
#include <string>
#include <vector>

#include "core/result.h"
#include "plan/plan_file.h"

namespace verify {

struct SchemeExpectation {
  std::vector<std::string> weight_dtypes;     // any of these on disk
  std::vector<std::string> required_tensors;  // suffixes beside <module>.weight
  std::string config_weight_dtype;            // global_quant_config.weight.dtype
  bool known = false;
};

// One rename of a source module name on its way to the export (ECMAScript regex, "$1" refs).
struct NameRule {
  std::string match;
  std::string replace;
};

struct Expectations {
  std::string model_type;  // the plan's config.model_type ("" without a plan)
  // Source module name -> export module name, in order (transformers' load-time conversion,
  // then Quark's unfusing); and weight holders that are not nn.Linear (routers). The plan's
  // checkpoint_names (the model oracle's, recorded by `plan`) when it has them, else
  // knowledge/verify/checkpoint_names.json for model_type.
  std::string names_source = "knowledge";  // "plan" or "knowledge"
  std::vector<NameRule> renames;
  std::shared_ptr<const std::vector<std::regex>> compiled_renames;  // set by load_expectations
  std::vector<std::string> non_linear_holders;
  // The nn.Linear modules Quark sees, as the plan recorded them from the oracle (empty without):
  // an output module matching one is a layer to check even when the source has no such name
  // (unfused experts of a fused source tensor).
  std::vector<std::string> linear_patterns;
  std::optional<std::string> global_scheme;
  std::optional<std::string> kv_cache_scheme;
  std::vector<std::string> plan_exclusions;  // as planned (may be empty: template defaults)
  // The plan's algorithms that fold scales into excluded layers too (knowledge: rescaling_algorithms).
  std::vector<std::string> rescaled_by;
  std::vector<std::pair<std::string, std::string>> overrides;  // pattern -> scheme
  std::vector<std::string> unquantized_dtypes;
  std::vector<std::string> non_linear_patterns;
  std::vector<std::string> kv_modules;
  std::vector<std::string> kv_required;
  std::vector<std::string> tokenizer_all_of;
  std::vector<std::string> tokenizer_one_of;
  std::map<std::string, SchemeExpectation, std::less<>> schemes;  // known = true

  SchemeExpectation scheme(const std::string& name) const;
  // `source_module` as the export names it.
  std::string output_name(const std::string& source_module) const;
  // The scheme that applies to `module`: the first override whose pattern matches, else global.
  std::optional<std::string> scheme_for(const std::string& module) const;
};

// `plan` may be null (verification without a plan checks structure only).
core::Result<Expectations> load_expectations(const plan::PlanFile* plan);

}  // namespace verify
