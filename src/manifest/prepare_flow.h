// Step 3 without the printing: from the confirmed analysis and plan to run_manifest.yaml.
// Order: checkpoint 2 must be confirmed (else nothing is written), the output directory is
// checked (never created), the environment is probed, data readiness and the estimate are
// worked out, the exact argv is built, and the manifest is validated and written atomically,
// also when the environment is not ready (the verdict says why). Nothing outside the workdir
// is created, downloaded or changed.
#pragma once

#include <filesystem>
#include <functional>
#include <string>

#include "core/json_io.h"
#include "core/result.h"
#include "core/fs.h"
#include "envprobe/eval_readiness.h"
#include "envprobe/report.h"
#include "manifest/command_builder.h"
#include "manifest/estimate.h"
#include "manifest/output_dir.h"
#include "options/prepare_options.h"
#include "workflow/workdir.h"

namespace manifest {

// The person's options (output_dir, python, eval_python, overwrite: options/prepare_table.h)
// and what the caller supplies besides them.
struct PrepareOptions : options::PrepareOptions {
  std::filesystem::path workdir;   // absolute
  envprobe::SystemSources system;  // tests point this at a fixture tree
  envprobe::EnvGetter getenv = envprobe::process_env;
  // The directory of the running quark-ptq: the quick start keeps .venv-quark beside it
  // (manifest/evaluator_python.h). "" tries no such place.
  std::filesystem::path self_dir = core::running_binary_dir();
  // Asks an interpreter whether it can load a Quark export (tests); empty: the real check.
  std::function<core::Result<envprobe::EvalReadiness>(const std::string&)> eval_check;
  // Asks whether a dataset that is not cached can be downloaded (tests); empty: the Hub is asked.
  envprobe::DatasetReachable dataset_reachable;
  // A comparison's candidate on a host with several GPUs: the GPU (an index among the visible
  // ones, taken modulo their number) its single-device plan is pinned to, so that candidates
  // on different GPUs can run side by side. Unset: GPU 0, as for a single plan.
  std::optional<int> gpu_index;
};

struct PrepareResult {
  core::Json manifest;         // as written
  std::filesystem::path path;  // run_manifest.yaml
  bool ready = false;
  envprobe::EnvReport env;
  Estimate estimate;
  OutputDir output;
  BuiltCommand command;
  std::string display;
  std::string digest;
  std::vector<std::string> expected_files;
  bool trust_remote_code = false;
  core::Json evaluator = core::Json(nullptr);           // the manifest's `evaluator` (null: no evaluation)
  core::Json executor = core::Json{{"kind", "local"}};  // the manifest's `executor` (manifest/slurm_executor.h)
};

// Errors: not_confirmed / stale (checkpoint 2), plan_invalid, bad_input (output dir,
// --python, --eval-python), internal (schema). The manifest exists on disk exactly when this succeeds.
core::Result<PrepareResult> prepare(const PrepareOptions& opt);

}  // namespace manifest
