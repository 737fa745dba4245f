#include "manifest/plan_view.h"

#include "intake/analysis_file.h"
#include "knowledge/plan_rules.h"
#include "knowledge/release_data.h"
#include "plan/plan_file.h"

namespace manifest {

namespace {

core::Error invalid(const std::string& field, const std::string& why) {
  return core::make_error(core::ExitCode::plan_invalid, "manifest.plan_field_invalid")
      .with("field", field)
      .with("why", why)
      .with("command", "quark-ptq plan");
}

core::Result<void> read_model(PlanView& v, const plan::PlanFile& plan, const intake::AnalysisFile& analysis) {
  std::optional<std::string> path = analysis.model_path.empty() ? plan.model_path : analysis.model_path;
  if (!path || path->empty()) return invalid("model.model_path", "missing in model_analysis.json");
  v.model = *path;
  v.model_is_local = !v.model.empty() && v.model.front() == '/';
  v.revision = analysis.revision ? analysis.revision : analysis.resolved_commit;
  v.commit = analysis.pinned_commit();
  v.model_type = plan.model_type.value_or(analysis.model_type);
  v.tokenizer_files = analysis.tokenizer_files;
  return core::ok();
}

core::Result<void> read_schemes(PlanView& v, const plan::PlanFile& plan) {
  if (!plan.global_scheme) return invalid("global_scheme", "missing or empty");
  v.global_scheme = *plan.global_scheme;
  v.kv_cache_scheme = plan.kv_cache_scheme;
  v.layer_quant_config = plan.layer_quant_config;
  return core::ok();
}

core::Result<void> read_exclusions(PlanView& v, const plan::PlanFile& plan, const intake::AnalysisFile& analysis) {
  v.exclude_layers = plan.exclude_layers;
  if (plan.exclude_layers_overridden) {
    v.exclude_layers_overridden = *plan.exclude_layers_overridden;
    return core::ok();
  }
  // No explicit marker: an override is a list that differs from the template's defaults.
  v.exclude_layers_overridden = v.exclude_layers != analysis.exclude_defaults;
  if (v.exclude_layers_overridden && v.exclude_layers.empty()) {
    // Never emit a bare --exclude_layers (which quantizes lm_head) unless the plan says so.
    return invalid("exclude_layers",
                   "empty while the template excludes layers; set exclude_layers_overridden: true to quantize everything");
  }
  return core::ok();
}

// quark-cli's own defaults for the release the plan was made for; the newest shipped release's
// when the plan names none.
core::Result<knowledge::CalibDefaults> cli_defaults(const std::optional<std::string>& quark_version) {
  std::string release = knowledge::shipped_releases().back();
  if (quark_version) {
    auto match = knowledge::match_release(*quark_version);
    if (!match) return invalid("quark_version", "not a Quark version: " + *quark_version);
    release = match->release;
  }
  QPTQ_TRY_ASSIGN(knowledge::DatasetCatalog catalog, knowledge::DatasetCatalog::load(release));
  return catalog.defaults();
}

core::Result<void> read_calibration(PlanView& v, const plan::PlanFile& plan) {
  QPTQ_TRY_ASSIGN(v.cli_defaults, cli_defaults(plan.quark_version));
  const knowledge::CalibDefaults& d = v.cli_defaults;
  Calibration& c = v.calibration;
  c.dataset = plan.calib_dataset.value_or(d.dataset);
  c.num_calib_data = plan.num_calib_data.value_or(d.num_calib_data);
  c.seq_len = plan.seq_len.value_or(d.seq_len);
  c.batch_size = plan.batch_size.value_or(d.batch_size);
  if (c.num_calib_data < 1) return invalid("calibration.num_calib_data", "must be at least 1");
  if (c.seq_len < 1) return invalid("calibration.seq_len", "must be at least 1");
  if (c.batch_size < 1) return invalid("calibration.batch_size", "must be at least 1");
  if (c.num_calib_data < c.batch_size) {
    // drop_last=True in Quark's loader: fewer samples than a batch means no calibration at all.
    return invalid("calibration.num_calib_data", "smaller than batch_size, so no calibration batch would run");
  }
  return core::ok();
}

core::Result<void> read_execution(PlanView& v, const plan::PlanFile& plan) {
  QPTQ_TRY_ASSIGN(const knowledge::PlanRules* rules, knowledge::plan_rules());
  v.evaluation_intent = plan.evaluation_intent.value_or(rules->default_evaluation_intent);
  v.evaluation_dataset = plan.evaluation_dataset.value_or(v.cli_defaults.evaluation_dataset);
  v.evaluated_by_quark_ptq = plan.evaluated_by_quark_ptq;
  // Only a section quark-ptq evaluates by is the manifest's (plan.evaluation is any section).
  v.evaluation = plan.evaluated_by_quark_ptq ? plan.evaluation : std::nullopt;
  const auto& strategy = plan.device_strategy;
  v.device_strategy = strategy.value_or("");
  v.multi_device = plan.multi_device.value_or(strategy && *strategy == "multi_device");
  if (strategy && *strategy == "cpu") v.device = "cpu";
  v.trust_remote_code = plan.trust_remote_code.value_or(false);
  v.quark_version = plan.quark_version;
  v.python = plan.python;
  v.env_changes = plan.env_changes;
  return core::ok();
}

}  // namespace

core::Result<PlanView> read_plan_view(const core::Json& plan_doc, const core::Json& analysis_doc) {
  QPTQ_TRY_ASSIGN(plan::PlanFile plan, plan::read_plan_file(plan_doc));
  PlanView v;
  QPTQ_TRY_ASSIGN(v.analysis, intake::read_analysis_file(analysis_doc));
  const intake::AnalysisFile& analysis = v.analysis;
  QPTQ_TRY(read_model(v, plan, analysis));
  QPTQ_TRY(read_schemes(v, plan));
  QPTQ_TRY(read_exclusions(v, plan, analysis));
  v.algorithms = plan.algorithms;
  QPTQ_TRY(read_calibration(v, plan));
  QPTQ_TRY(read_execution(v, plan));
  v.size = analysis.size;
  return v;
}

}  // namespace manifest
