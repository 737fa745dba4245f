#include "plan/plan_file.h"

#include "core/text.h"

namespace plan {

namespace {

core::Error invalid(const std::string& field, const std::string& why) {
  return core::make_error(core::ExitCode::plan_invalid, "manifest.plan_field_invalid")
      .with("field", field)
      .with("why", why)
      .with("command", "quark-ptq plan");
}

std::vector<std::string> split_commas(const std::string& s) {
  std::vector<std::string> out;
  for (const auto& piece : core::split(s, ',')) {
    std::string_view item = core::trim(piece, " \t");
    if (!item.empty()) out.emplace_back(item);
  }
  return out;
}

core::Result<void> read_schemes(PlanFile& f, const core::Json& plan) {
  f.global_scheme = core::json_string(plan, "global_scheme");
  if (f.global_scheme && f.global_scheme->empty()) f.global_scheme.reset();
  f.kv_cache_scheme = core::json_string(plan, "kv_cache_scheme");
  if (f.kv_cache_scheme && f.kv_cache_scheme->empty()) f.kv_cache_scheme.reset();
  if (const core::Json* lqc = core::json_object(plan, "layer_quant_config")) {
    for (const auto& [pattern, value] : lqc->items()) {
      if (!value.is_string()) return invalid("layer_quant_config." + pattern, "the scheme must be a string");
      f.layer_quant_config.emplace_back(pattern, value.get<std::string>());
    }
  }
  return core::ok();
}

void read_exclusions(PlanFile& f, const core::Json& plan) {
  f.exclude_layers = core::json_string_list(plan, "exclude_layers");
  f.exclude_layers_overridden =
      core::json_first_bool(plan, {"exclude_layers_overridden", "exclude_layers_override", "exclusions/overridden"});
  if (auto src = core::json_first_string(plan, {"exclude_source", "exclude_layers_source"})) {
    f.exclude_layers_overridden = *src == "user";  // "template_default": the template's own list
  }
}

core::Result<void> read_algorithms(PlanFile& f, const core::Json& plan) {
  const core::Json* algo = core::json_first_at(plan, {"algorithms", "algorithm"});
  if (algo == nullptr) return core::ok();
  if (algo->is_string()) {
    f.algorithms = split_commas(algo->get<std::string>());
  } else if (algo->is_array()) {
    for (const auto& a : *algo) {
      if (!a.is_string()) return invalid("algorithm", "every algorithm must be a string");
      for (auto& s : split_commas(a.get<std::string>())) f.algorithms.push_back(s);
    }
  } else {
    return invalid("algorithm", "must be a string, a list of strings or null");
  }
  return core::ok();
}

void read_execution(PlanFile& f, const core::Json& plan) {
  f.calib_dataset = core::json_first_string(plan, {"calibration/dataset", "calib_dataset"});
  f.num_calib_data = core::json_first_int(plan, {"calibration/num_calib_data", "calibration/samples", "num_calib_data"});
  f.seq_len = core::json_first_int(plan, {"calibration/seq_len", "seq_len"});
  f.batch_size = core::json_first_int(plan, {"calibration/batch_size", "batch_size"});
  f.evaluation_intent = core::json_first_string(plan, {"evaluation_intent", "evaluation/intent"});
  f.evaluation_dataset = core::json_first_string(plan, {"evaluation_dataset", "evaluation/dataset"});
  const core::Json* evaluation = core::json_object(plan, "evaluation");
  f.evaluated_by_quark_ptq = evaluation != nullptr && core::json_at(plan, "evaluation/windows") != nullptr;
  if (evaluation != nullptr) f.evaluation = *evaluation;
  f.device_strategy = core::json_first_string(plan, {"device_strategy", "device/strategy"});
  f.multi_device = core::json_first_bool(plan, {"multi_device", "device/multi_device"});
  f.trust_remote_code = core::json_first_bool(plan, {"trust_remote_code", "remote_code/accepted"});
  f.quark_version = core::json_first_string(plan, {"quark/version", "quark_version", "quark/installed_version"});
  f.python = core::json_first_string(plan, {"quark/python", "python", "environment/python"});
  const core::Json* env = core::json_first_at(plan, {"env_changes", "environment_changes", "device/env_changes"});
  if (env != nullptr && env->is_array()) {
    for (const auto& e : *env) {
      auto name = core::json_string(e, "name");
      auto value = core::json_string(e, "value");
      if (name && value) f.env_changes.emplace_back(*name, *value);
    }
  } else if (env != nullptr && env->is_object()) {
    for (const auto& [name, value] : env->items()) {
      if (value.is_string()) f.env_changes.emplace_back(name, value.get<std::string>());
    }
  }
}

core::Result<std::vector<std::string>> string_list(const core::Json& names, const char* key) {
  std::vector<std::string> out;
  const core::Json* list = core::json_at(names, key);
  if (list == nullptr || list->is_null()) return out;
  if (!list->is_array()) return invalid(std::string("checkpoint_names.") + key, "must be a list of strings");
  for (const auto& item : *list) {
    if (!item.is_string()) return invalid(std::string("checkpoint_names.") + key, "must be a list of strings");
    out.push_back(item.get<std::string>());
  }
  return out;
}

// Written by plan_to_json from the oracle's answer: {renames: [{match, replace}],
// non_linear_holders, linear_modules}. Anything else is not what quark-ptq wrote.
core::Result<void> read_checkpoint_names(PlanFile& f, const core::Json& plan) {
  const core::Json* names = core::json_at(plan, "checkpoint_names");
  if (names == nullptr || names->is_null()) return core::ok();
  if (!names->is_object()) return invalid("checkpoint_names", "must be an object");
  CheckpointNames n;
  const core::Json* renames = core::json_at(*names, "renames");
  if (renames != nullptr && !renames->is_null() && !renames->is_array()) {
    return invalid("checkpoint_names.renames", "must be a list of {match, replace}");
  }
  for (const auto& r : renames != nullptr && renames->is_array() ? *renames : core::Json::array()) {
    auto match = core::json_string(r, "match");
    auto replace = core::json_string(r, "replace");
    if (!match || !replace) return invalid("checkpoint_names.renames", "every rename needs a string match and replace");
    n.renames.emplace_back(*match, *replace);
  }
  QPTQ_TRY_ASSIGN(n.non_linear_holders, string_list(*names, "non_linear_holders"));
  QPTQ_TRY_ASSIGN(n.linear_modules, string_list(*names, "linear_modules"));
  f.checkpoint_names = std::move(n);
  return core::ok();
}

}  // namespace

core::Result<PlanFile> read_plan_file(const core::Json& doc) {
  PlanFile f;
  f.model_path = core::json_first_string(doc, {"model/model_path", "model/source"});
  f.model_type = core::json_first_string(doc, {"model/model_type"});
  QPTQ_TRY(read_schemes(f, doc));
  read_exclusions(f, doc);
  QPTQ_TRY(read_algorithms(f, doc));
  read_execution(f, doc);
  QPTQ_TRY(read_checkpoint_names(f, doc));
  return f;
}

}  // namespace plan
