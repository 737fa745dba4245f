// The evaluation's outcome as the manifest records it (artifacts::Evaluation): the rounding
// and which settings are recorded beside the measurements are decided here once.
#include "evaluate/evaluation.h"

#include <cmath>

#include "core/release_line.h"

namespace evaluate {

namespace {

double round_to(double v, int digits) {
  double f = std::pow(10.0, digits);
  return std::round(v * f) / f;
}

// The English text beside the catalog id and its arguments, so that each reader can show it in
// the user's language.
artifacts::Reason reason_record(const Reason& r) {
  if (r.empty()) return {};
  return {r.id, r.args, r.text()};
}

}  // namespace

std::string_view status_name(Status s) {
  switch (s) {
    case Status::pass:
      return "pass";
    case Status::fail:
      return "fail";
    case Status::indeterminate:
      return "indeterminate";
    case Status::not_run:
      break;
  }
  return "not-run";
}

EvaluationResult not_run(const Settings& settings, Reason reason) {
  EvaluationResult r;
  r.settings = settings;
  r.reason = reason;
  r.canary.reason = reason;
  r.perplexity.reason = std::move(reason);
  r.perplexity.threshold_pct = settings.max_ppl_increase_pct;
  r.perplexity.seq_len = settings.seq_len;
  return r;
}

// Releases differ in their loaders by release line; a patch release loads as its line does.
bool EvaluationResult::cross_release_load() const {
  return !export_quark.empty() && !loader_quark.empty() && core::release_line(export_quark) != core::release_line(loader_quark);
}

artifacts::Evaluation EvaluationResult::record() const {
  artifacts::Evaluation e;
  e.verdict = std::string(status_name(verdict));
  e.reason = reason_record(reason);
  e.intent = settings.intent;
  artifacts::Canary c;
  c.status = std::string(status_name(canary.status));
  c.reason = reason_record(canary.reason);
  c.token_agreement = round_to(canary.agreement, 4);
  c.new_tokens = settings.canary_tokens;
  for (const auto& p : canary.prompts) {
    c.prompts.push_back({p.prompt, p.source_text, p.quantized_text, round_to(p.agreement, 4), p.first_divergence, p.quantized_degenerate,
                         p.source_degenerate});
  }
  e.canary = std::move(c);
  artifacts::Perplexity p;
  p.status = std::string(status_name(perplexity.status));
  p.reason = reason_record(perplexity.reason);
  p.windows = perplexity.windows;
  p.windows_planned = settings.windows;
  p.seq_len = settings.seq_len;
  p.source = round_to(perplexity.source_ppl, 4);
  p.quantized = round_to(perplexity.quantized_ppl, 4);
  p.delta_pct = round_to(perplexity.delta_pct, 3);
  p.se_pct = round_to(perplexity.se_pct, 3);
  p.threshold_pct = settings.max_ppl_increase_pct;
  p.z = settings.z;
  e.perplexity = std::move(p);
  e.seconds = round_to(seconds, 1);
  e.process_seconds = round_to(process_seconds, 1);
  e.budget_seconds = settings.budget_seconds;
  e.environment = environment;
  e.models = models;
  if (!log.empty()) e.log = log.string();
  if (!export_quark.empty() || !loader_quark.empty()) {
    e.quark_releases =
        artifacts::QuarkReleases{export_quark.empty() ? std::nullopt : std::optional<std::string>(export_quark),
                                 loader_quark.empty() ? std::nullopt : std::optional<std::string>(loader_quark), cross_release_load()};
  }
  return e;
}

}  // namespace evaluate
