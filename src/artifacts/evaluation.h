// run_manifest.yaml's `evaluation` section: quark-ptq's own evaluation of the output against its
// source (evaluate::judge builds it from the evaluator's answer). One record with its one
// encoding (Evaluation::to_json) and its one reader; the in-progress record carries the
// evaluator's process so that a second run and `status` can tell it still runs.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/json_io.h"
#include "core/messages.h"
#include "core/result.h"

namespace artifacts {

// Why a verdict or a check is what it is: the English text (`reason`, null when none) with the
// catalog id and its arguments beside it (`reason_id`, `reason_args`, written when there is an id).
struct Reason {
  std::string id;
  std::vector<core::MessageArg> args;
  std::optional<std::string> text;
};

// One canary prompt: both models' greedy generations, how far they agree, and why a generation
// is degenerate (null when it is not).
struct CanaryPrompt {
  std::string prompt;
  std::string source;
  std::string quantized;
  double agreement = 0;                          // matching token positions / the longer generation
  std::int64_t first_divergence = -1;            // -1 when identical
  std::optional<std::string> degenerate;         // the quantized model's
  std::optional<std::string> source_degenerate;  // the source's
};

struct Canary {
  std::string status = "not-run";  // pass | fail | indeterminate | not-run
  Reason reason;
  std::optional<double> token_agreement;  // mean over prompts
  std::int64_t new_tokens = 0;            // greedy tokens per prompt, as planned
  std::vector<CanaryPrompt> prompts;
};

struct Perplexity {
  std::string status = "not-run";
  Reason reason;
  std::int64_t windows = 0;  // paired windows measured by both models
  std::int64_t windows_planned = 0;
  std::int64_t seq_len = 0;
  double source = 0;  // each model's perplexity over the paired windows
  double quantized = 0;
  std::optional<double> delta_pct;  // (quantized / source - 1) * 100
  std::optional<double> se_pct;     // its standard error
  std::optional<double> threshold_pct;
  double z = 0;  // the normal quantile of the interval on the delta
  bool measured() const { return status != "not-run" && windows > 0 && delta_pct.has_value(); }
};

// evaluation.quark_releases: the release that wrote the export and the one whose loader
// measured it (null when unknown); another release's loader can change what is measured.
struct QuarkReleases {
  std::optional<std::string> exported;  // `export`
  std::optional<std::string> loader;
  bool cross_release_load = false;
};

// evaluation.process: the evaluator while the evaluation is in progress, recorded when it
// starts so that a second run and `status` can tell it still runs (workflow::assess_run).
struct EvaluatorProcess {
  std::int64_t pid = 0;
  std::int64_t start_ticks = 0;
  std::optional<std::string> boot_id;
};

// `evaluation`: quark-ptq's own evaluation of the output against its source.
struct Evaluation {
  std::string verdict = "not-run";  // pass | fail | indeterminate | not-run
  Reason reason;
  std::string intent;  // smoke | full
  std::optional<Canary> canary;
  std::optional<Perplexity> perplexity;
  double seconds = 0;                     // the evaluator's wall time, as it measured it
  std::optional<double> process_seconds;  // its process, as quark-ptq measured it (older lack it)
  double budget_seconds = 0;
  // The evaluator's own facts, recorded as it answered them (versions, device, dtype, threads,
  // text, windows_available, baseline; per model its path, load state and timings): nothing
  // reads them back but the person.
  core::Json environment = core::Json::object();
  core::Json models = core::Json::object();
  std::optional<std::string> log;  // the evaluator's log, when it was started
  std::optional<QuarkReleases> quark_releases;
  std::optional<EvaluatorProcess> process;  // unset unless both pid and start_ticks were recorded

  // The one encoding: read_evaluation(to_json()) gives this record again.
  core::Json to_json() const;
};

// The section read field by field at `at`; the first field of the wrong type goes to *error.
Evaluation evaluation_of(const core::Json& section, const std::string& at, std::string* error);
// artifacts.field_invalid naming the field ("evaluation/canary/prompts/0/agreement is not a number").
core::Result<Evaluation> read_evaluation(const core::Json& section);
// The manifest's `evaluation`, nullopt when there is none.
core::Result<std::optional<Evaluation>> manifest_evaluation(const core::Json& manifest);
// Writes `evaluation` as the manifest's `evaluation` section.
void put_evaluation(core::Json& manifest, const Evaluation& evaluation);

}  // namespace artifacts
