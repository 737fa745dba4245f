// Runs the embedded oracle script (knowledge/probes/model_oracle.py) through the runner, once
// for any number of configs: `python -c <script> --compact CONFIG...` with cwd "/",
// HF_HUB_OFFLINE=1 and a deadline. Importing Quark dominates (tens of seconds), so callers
// with several configs pass them together.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "oracle/model_oracle.h"

namespace oracle {

inline constexpr std::string_view kOracleScriptPath = "knowledge/probes/model_oracle.py";
// Importing torch, transformers and Quark on a cold 2-core machine takes about a minute.
inline constexpr double kOracleTimeoutSeconds = 300;

std::string_view oracle_script();

// `configs`: config.json files or the directories holding them. Errors (`env_not_ready` exit
// code): oracle.not_started (python cannot be run), oracle.timed_out, oracle.failed (the script
// exited non-zero: its last stderr line in detail), and oracle.output_invalid.
core::Result<OracleReport> run_oracle(const std::string& python, const std::vector<std::filesystem::path>& configs,
                                      double timeout_seconds = kOracleTimeoutSeconds);

}  // namespace oracle
