// `evaluate` as a flow: the settings (the plan's evaluation section or the intent and priority's,
// then the explicit overrides), the paths as the person gave them resolved against the current
// directory and checked, the Python resolved as prepare does; then the evaluation through the
// runner. The CLI command and the MCP tool both call it, so the two cannot check differently.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "core/error.h"
#include "core/messages.h"
#include "core/result.h"
#include "evaluate/evaluation.h"
#include "evaluate/run_evaluation.h"

namespace flow {

struct EvaluateRequest {
  std::string output_dir;  // required
  std::string source;      // required: the unquantized model directory
  std::string text;        // held-out text ("" the plan's evaluation.text)
  std::string plan;        // quant_plan.json whose evaluation settings to use ("" none)
  std::string eval = "smoke";
  std::string priority = "balanced";
  std::optional<double> threshold;
  std::optional<int> windows;
  std::optional<int> seq_len;
  std::optional<int> canary_tokens;
  std::optional<double> budget;
  std::string python;             // "" as prepare resolves it
  std::filesystem::path workdir;  // evaluation/ goes here
  int echo_fd = 2;                // where the evaluator's progress lines are shown
  runner::EchoStyle echo_style = runner::EchoStyle::lines;
  core::Lang lang = core::Lang::en;  // of the evaluator's progress lines
};

// The evaluation to run. Errors: bad_input (evaluate.plan_unreadable, evaluate.source_not_local,
// evaluate.output_missing, evaluate.text_missing, a --python that is not executable), usage
// (evaluate.no_text), env_not_ready (no Python found). Nothing is run or written.
core::Result<evaluate::Request> evaluation_request(const EvaluateRequest& request);

// Runs it (never fails: what could not be measured is a not-run check).
evaluate::EvaluationResult run_evaluation(const evaluate::Request& request);

// 0 only when the verdict is pass, eval_failed (12) otherwise.
core::ExitCode evaluation_exit_code(const evaluate::EvaluationResult& result);

}  // namespace flow
