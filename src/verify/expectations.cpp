#include "verify/expectations.h"

#include <algorithm>

#include <regex>

#include "core/glob_match.h"
#include "knowledge/verify_checkpoint_names.h"
#include "knowledge/verify_schemes.h"

namespace verify {

namespace {

// The plan's own names (recorded from the model oracle): every rule must compile, or the
// plan is not what quark-ptq wrote.
core::Result<void> plan_names(const plan::CheckpointNames& names, Expectations& e) {
  std::vector<std::regex> compiled;
  std::vector<NameRule> rules;
  for (const auto& [match, replace] : names.renames) {
    try {
      compiled.emplace_back(match);
    } catch (const std::regex_error&) {
      return core::make_error(core::ExitCode::bad_input, "verify.plan_names_invalid")
          .with("pattern", match)
          .with("command", "quark-ptq plan");
    }
    rules.push_back({match, replace});
  }
  e.renames = std::move(rules);
  e.compiled_renames = std::make_shared<const std::vector<std::regex>>(std::move(compiled));
  e.non_linear_holders = names.non_linear_holders;
  e.linear_patterns = names.linear_modules;
  e.names_source = "plan";
  return core::ok();
}

core::Result<void> load_names(Expectations& e) {
  QPTQ_TRY_ASSIGN(const knowledge::VerifyCheckpointNames* names, knowledge::verify_checkpoint_names());
  std::vector<std::regex> compiled;
  if (auto per = names->renames.find(e.model_type); per != names->renames.end() && !e.model_type.empty()) {
    for (const auto& r : per->second) {
      e.renames.push_back({r.match, r.replace});
      compiled.push_back(r.compiled);
    }
  }
  e.compiled_renames = std::make_shared<const std::vector<std::regex>>(std::move(compiled));
  if (auto h = names->non_linear_weight_holders.find(e.model_type); h != names->non_linear_weight_holders.end() && !e.model_type.empty()) {
    e.non_linear_holders = h->second;
  }
  return core::ok();
}

}  // namespace

SchemeExpectation Expectations::scheme(const std::string& name) const {
  auto it = schemes.find(name);
  return it != schemes.end() ? it->second : SchemeExpectation{};
}

std::string Expectations::output_name(const std::string& source_module) const {
  std::string name = source_module;
  if (compiled_renames == nullptr || compiled_renames->size() != renames.size()) {
    for (const auto& r : renames) name = std::regex_replace(name, std::regex(r.match), r.replace);
    return name;
  }
  for (std::size_t i = 0; i < renames.size(); ++i) name = std::regex_replace(name, (*compiled_renames)[i], renames[i].replace);
  return name;
}

std::optional<std::string> Expectations::scheme_for(const std::string& module) const {
  for (const auto& [pattern, scheme_name] : overrides) {
    if (core::glob_match(pattern, module)) return scheme_name;
  }
  return global_scheme;
}

core::Result<Expectations> load_expectations(const plan::PlanFile* plan) {
  QPTQ_TRY_ASSIGN(const knowledge::VerifySchemes* table, knowledge::verify_schemes());
  Expectations e;
  for (const auto& [name, s] : table->schemes)
    e.schemes.emplace(name, SchemeExpectation{s.weight_dtypes, s.required_tensors, s.config_weight_dtype, true});
  e.unquantized_dtypes = table->unquantized_dtypes;
  e.non_linear_patterns = table->non_linear_patterns;
  e.tokenizer_all_of = table->tokenizer_all_of;
  e.tokenizer_one_of = table->tokenizer_one_of;
  if (plan != nullptr) {
    e.global_scheme = plan->global_scheme;
    e.kv_cache_scheme = plan->kv_cache_scheme;
    e.plan_exclusions = plan->exclude_layers;
    e.model_type = plan->model_type.value_or("");
    e.overrides = plan->layer_quant_config;
    for (const auto& a : plan->algorithms) {
      if (std::find(table->rescaling_algorithms.begin(), table->rescaling_algorithms.end(), a) != table->rescaling_algorithms.end()) {
        e.rescaled_by.push_back(a);
      }
    }
  }
  if (plan != nullptr && plan->checkpoint_names) {
    QPTQ_TRY(plan_names(*plan->checkpoint_names, e));
  } else {
    QPTQ_TRY(load_names(e));
  }
  if (e.kv_cache_scheme) {
    if (auto kv = table->kv_cache.find(*e.kv_cache_scheme); kv != table->kv_cache.end()) {
      e.kv_modules = kv->second.modules;
      e.kv_required = kv->second.required_tensors;
    }
  }
  return e;
}

}  // namespace verify
