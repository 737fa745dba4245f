// quant_plan.json read back for the steps after the plan: a view of artifacts::QuantPlan (read
// by artifacts::read_quant_plan, which upgrades older spellings first). What a field means for
// quark-cli's argv (defaults, the checks that a command can be built) is the manifest's
// business, so values the plan does not state stay unset here.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "artifacts/quant_plan.h"
#include "core/json_io.h"
#include "core/result.h"
#include "plan/plan_model.h"

namespace plan {

struct PlanFile {
  std::optional<std::string> model_path;                                // model.model_path (the analysis is the usual source)
  std::optional<std::string> model_type;                                // model.model_type
  std::optional<std::string> global_scheme;                             // missing or empty: unset
  std::optional<std::string> kv_cache_scheme;                           // null or empty: unset
  std::vector<std::pair<std::string, std::string>> layer_quant_config;  // pattern -> scheme, plan order
  std::vector<std::string> exclude_layers;
  // Whether exclude_layers replaces the template's defaults, when the plan says so
  // (exclude_source "user" / "template_default", or an explicit flag).
  std::optional<bool> exclude_layers_overridden;
  std::vector<std::string> algorithms;  // "awq" / ["gptq", "smoothquant"], split at commas
  std::optional<std::string> calib_dataset;
  std::optional<std::int64_t> num_calib_data;
  std::optional<std::int64_t> seq_len;
  std::optional<std::int64_t> batch_size;
  std::optional<std::string> evaluation_intent;  // none | smoke | full
  std::optional<std::string> evaluation_dataset;
  // The plan asks quark-ptq's own evaluation (a plan `evaluation` section with windows): then
  // quark-cli skips its own.
  bool evaluated_by_quark_ptq = false;
  // That section as recorded (settings, threshold, text), null when the plan has none; also
  // without windows, since `quark-ptq evaluate --plan` takes its settings from it either way.
  std::optional<artifacts::PlanEvaluation> evaluation;
  std::optional<std::string> device_strategy;  // single | multi_device | cpu
  std::optional<bool> multi_device;
  std::optional<bool> trust_remote_code;
  std::optional<std::string> quark_version;
  std::optional<std::string> python;  // the interpreter the plan was checked against
  std::vector<std::pair<std::string, std::string>> env_changes;
  // The model oracle's names as `plan` recorded them, for verify; unset when the plan has none
  // (verify falls back to the shipped table). Regexes are verify's to compile.
  std::optional<CheckpointNames> checkpoint_names;
};

// "artifacts.field_invalid" naming a field of the wrong type, with ExitCode::plan_invalid.
// Callers that had their own error for a bad plan (verify, evaluate) keep giving it.
core::Result<PlanFile> read_plan_file(const core::Json& doc);

}  // namespace plan
