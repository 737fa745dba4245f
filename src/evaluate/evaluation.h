// Step 4's evidence that the quantized model still works: a canary (greedy generations from
// fixed prompts compared with the source's) and the perplexity of both models on the same
// windows of held-out text, with the paired delta and its standard error, judged against the
// plan's threshold. A check that did not run is `not_run`, never a pass.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "artifacts/evaluation.h"
#include "core/json_io.h"
#include "core/messages.h"

namespace evaluate {

enum class Status { pass, fail, indeterminate, not_run };
std::string_view status_name(Status s);

// Why a check or the verdict is not a plain pass: a catalog id ("evaluate.reason.*") and its
// arguments. The artifact records the English text as `reason`, with `reason_id` and
// `reason_args` beside it, so each reader shows it in the user's language.
struct Reason {
  std::string id;
  std::vector<core::MessageArg> args;
  bool empty() const { return id.empty(); }
  std::string text(core::Lang lang = core::Lang::en) const { return id.empty() ? std::string() : core::msg(lang, id, args); }
};

// What to measure and how to judge it; recorded by the plan (quant_plan.json `evaluation`)
// from knowledge/plan/rules.json's budgets and thresholds, which are the only place their
// values live (so nothing here defaults them).
struct Settings {
  std::string intent;               // "smoke" or "full"
  int windows = 0;                  // perplexity windows of held-out text
  int seq_len = 0;                  // tokens per window
  int canary_tokens = 0;            // greedy tokens per canary prompt
  double max_ppl_increase_pct = 0;  // the threshold the verdict is judged against
  double budget_seconds = 0;        // the evaluator stops adding windows after this
  double z = 0;                     // the normal quantile of the interval on the paired delta
};

struct CanaryPrompt {
  std::string prompt;
  std::string source_text;
  std::string quantized_text;
  std::optional<std::string> source_degenerate;  // why, when it is
  std::optional<std::string> quantized_degenerate;
  double agreement = 0;       // matching token positions / the longer generation
  int first_divergence = -1;  // index of the first differing token, -1 when identical
};

struct CanaryCheck {
  Status status = Status::not_run;
  Reason reason;         // why it failed / was indeterminate / did not run
  double agreement = 0;  // mean over prompts
  std::vector<CanaryPrompt> prompts;
};

struct PerplexityCheck {
  Status status = Status::not_run;
  Reason reason;
  int windows = 0;  // paired windows measured by both models
  int seq_len = 0;
  double source_ppl = 0;
  double quantized_ppl = 0;
  double delta_pct = 0;  // (quantized / source - 1) * 100 over the paired windows
  double se_pct = 0;     // its standard error (paired per-window differences)
  double threshold_pct = 0;
};

struct EvaluationResult {
  Status verdict = Status::not_run;
  Reason reason;  // set when the verdict is not pass
  CanaryCheck canary;
  PerplexityCheck perplexity;
  Settings settings;
  double seconds = 0;                             // the evaluator's wall time, as it measured it (imports, or its go, to result)
  double process_seconds = 0;                     // the evaluator process from start (or its go) to exit, as quark-ptq measured it
  bool interrupted = false;                       // stopped by Ctrl-C / SIGTERM (the verdict is then not_run)
  std::filesystem::path log;                      // the evaluator's own log (one per evaluation), when it was started
  core::Json environment = core::Json::object();  // versions, device, dtype, text
  // The release that wrote the export (its quantization_config.version) and the one whose loader
  // measured it; "" when unknown. Another release's loader can change what is measured.
  std::string export_quark;
  std::string loader_quark;
  bool cross_release_load() const;
  core::Json models = core::Json::object();  // per model: load / canary / ppl seconds, layer classes
  artifacts::Evaluation record() const;      // run_manifest.yaml `evaluation`
};

// The evaluator's JSON (knowledge/probes/evaluate.py stdout) judged with `settings`.
// Pure: used on live output and on recorded fixtures.
EvaluationResult judge(const core::Json& measured, const Settings& settings);

// A result whose every check is not_run, with the reason (the evaluator could not start,
// timed out, crashed or printed something unreadable).
EvaluationResult not_run(const Settings& settings, Reason reason);

}  // namespace evaluate
