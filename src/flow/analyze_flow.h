// Step 1 as a flow: intake::analyze (configuration and safetensors headers, never weights),
// the model oracle when the pinned environment is there, and the single write of
// model_analysis.json into the workdir.
#pragma once

#include <filesystem>
#include <functional>
#include <string>

#include "core/json_io.h"
#include "core/result.h"
#include "envprobe/python_env.h"
#include "intake/analyze.h"
#include "oracle/oracle_cache.h"

namespace flow {

struct Analyzed {
  core::Json analysis;         // as written
  std::filesystem::path path;  // model_analysis.json
};

// The model oracle for intake: the environment is found as plan finds it (--python, else
// $VIRTUAL_ENV, $CONDA_PREFIX, the quark-cli on PATH). Its Linear set replaces the config-only
// estimate when no safetensors headers can be read, and its forward pass on the meta device
// feeds the intake risks. No environment, a refusal, a timeout or a failed run is recorded in
// model_analysis.json (model_oracle.status "unavailable", with the reason), never an error;
// a --python that is not an executable is (envprobe.python_not_executable, as in plan).
struct AnalyzeOracle {
  bool ask = true;                                     // false: not looked for ("not_asked")
  std::string python;                                  // --python ("" the resolution above)
  envprobe::EnvGetter getenv = envprobe::process_env;  // where $VIRTUAL_ENV, $PATH, the cache are read
  // Importing torch, transformers and Quark dominates; a cold 2-core machine takes about a minute.
  double timeout_seconds = 180;
  // Empty: oracle::model_oracle (cached by config digest and library versions).
  std::function<core::Result<oracle::OracleResult>(const oracle::OracleRequest&)> run;
};

// Errors: intake::analyze's (bad input, network), a bad --python, a stop (Ctrl-C) while the
// oracle runs, and the writer's.
core::Result<Analyzed> analyze(const std::filesystem::path& workdir, const intake::AnalyzeRequest& request,
                               const AnalyzeOracle& oracle = {});

}  // namespace flow
