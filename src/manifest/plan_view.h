// What step 3 needs from the confirmed analysis and plan: each through its one typed reader
// (plan::read_plan_file, intake::read_analysis_file), and quark-cli's defaults for what the
// plan leaves unsaid.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "artifacts/quant_plan.h"
#include "core/json_io.h"
#include "core/result.h"
#include "intake/analysis_file.h"
#include "knowledge/calib_datasets.h"

namespace manifest {

struct Calibration {
  std::string dataset;
  std::int64_t num_calib_data = 0;
  std::int64_t seq_len = 0;
  std::int64_t batch_size = 0;
};

// Facts about the model's size, for the estimate (read from the analysis by intake's reader).
using ModelSize = intake::ModelSize;

struct PlanView {
  intake::AnalysisFile analysis;  // the confirmed analysis, as its reader gives it
  std::string model;              // Hub repo id verbatim, or an absolute local path
  bool model_is_local = false;
  std::optional<std::string> revision;
  // The Hub commit intake read (source.identity.commit): quark-cli cannot pin a revision
  // (its --model_dir goes to from_pretrained without one), so prepare runs it on the local
  // snapshot of this commit, or blocks.
  std::optional<std::string> commit;
  // Set by prepare: that snapshot in the Hugging Face cache, passed as --model_dir.
  std::optional<std::string> hub_snapshot;
  std::string model_type;
  std::string global_scheme;
  std::optional<std::string> kv_cache_scheme;
  std::vector<std::pair<std::string, std::string>> layer_quant_config;  // pattern -> scheme, plan order
  std::vector<std::string> exclude_layers;
  bool exclude_layers_overridden = false;  // the plan replaces the template's defaults
  std::vector<std::string> algorithms;
  Calibration calibration;  // what the plan says, else quark-cli's defaults
  // quark-cli's own defaults for the plan's release (knowledge/quark/<release>/datasets.json):
  // a flag equal to its default is left out of the command.
  knowledge::CalibDefaults cli_defaults;
  std::string evaluation_intent;  // none | smoke | full; unsaid: knowledge/plan/rules.json's default
  std::string evaluation_dataset;
  bool evaluated_by_quark_ptq = false;                  // the plan has an `evaluation` section: step 4 evaluates, not quark-cli
  std::optional<artifacts::PlanEvaluation> evaluation;  // that section (settings, threshold, text)
  bool multi_device = false;
  std::string device_strategy;     // "single", "multi_device", "cpu" or "" (not said)
  bool trust_remote_code = false;  // true only when the user explicitly accepted it
  std::string device = "cuda";
  std::vector<std::pair<std::string, std::string>> env_changes;
  std::optional<std::string> quark_version;
  std::optional<std::string> python;         // the interpreter the plan was checked against
  std::vector<std::string> tokenizer_files;  // from the analysis, for expected outputs
  ModelSize size;
};

// Ok, or ExitCode::plan_invalid naming the field that is missing or malformed.
core::Result<PlanView> read_plan_view(const core::Json& plan, const core::Json& analysis);

}  // namespace manifest
