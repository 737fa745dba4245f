#include "plan/plan_file.h"

#include "artifacts/plan_upgrade.h"
#include "core/text.h"

namespace plan {

namespace {

std::vector<std::string> split_commas(const std::string& s) {
  std::vector<std::string> out;
  for (const auto& piece : core::split(s, ',')) {
    std::string_view item = core::trim(piece, " \t");
    if (!item.empty()) out.emplace_back(item);
  }
  return out;
}

// An empty text is no value: the plan is silent about it.
std::optional<std::string> stated(const std::string& v) { return v.empty() ? std::nullopt : std::optional<std::string>(v); }
std::optional<std::string> stated(const std::optional<std::string>& v) { return v ? stated(*v) : std::nullopt; }

void take_calibration(PlanFile& f, const artifacts::QuantPlan& p) {
  if (!p.calibration) return;
  const artifacts::CalibrationValues& c = p.calibration->values;
  f.calib_dataset = c.dataset;
  f.num_calib_data = c.num_calib_data;
  f.seq_len = c.seq_len;
  f.batch_size = c.batch_size;
}

void take_evaluation(PlanFile& f, const artifacts::QuantPlan& p) {
  f.evaluation_intent = p.evaluation_intent;
  f.evaluation_dataset = p.evaluation_dataset;
  if (!p.evaluation) return;
  // Only a section with windows is quark-ptq's own evaluation; `quark-ptq evaluate --plan`
  // takes its settings from any section.
  f.evaluated_by_quark_ptq = p.evaluation->windows.has_value();
  f.evaluation = p.evaluation;
}

}  // namespace

core::Result<PlanFile> read_plan_file(const core::Json& doc) {
  auto read = artifacts::read_quant_plan(doc);
  if (!read) {
    // A plan prepare cannot read is an invalid plan, whichever field it is.
    core::Error e = read.error();
    e.code = core::ExitCode::plan_invalid;
    return core::fail(std::move(e));
  }
  const artifacts::QuantPlan& p = *read;
  PlanFile f;
  f.model_path = p.model.model_path;
  f.model_type = stated(p.model.model_type);
  f.global_scheme = stated(p.global_scheme);
  f.kv_cache_scheme = stated(p.kv_cache_scheme);
  f.layer_quant_config = p.layer_quant_config;
  f.exclude_layers = p.exclude_layers;
  if (p.exclude_source) f.exclude_layers_overridden = *p.exclude_source == "user";  // "template_default": the template's own list
  for (const auto& a : p.algorithms) {
    for (auto& name : split_commas(a)) f.algorithms.push_back(std::move(name));
  }
  take_calibration(f, p);
  take_evaluation(f, p);
  f.device_strategy = p.device_strategy;
  f.multi_device = p.multi_device;
  f.trust_remote_code = p.trust_remote_code;
  if (p.quark) {
    f.quark_version = stated(p.quark->version);
    f.python = p.quark->python;
  }
  if (p.env_changes) f.env_changes = *p.env_changes;
  if (p.checkpoint_names) {
    f.checkpoint_names =
        CheckpointNames{p.checkpoint_names->renames, p.checkpoint_names->non_linear_holders, p.checkpoint_names->linear_modules};
  }
  return f;
}

}  // namespace plan
