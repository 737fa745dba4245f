// The evaluator's answer (knowledge/probes/evaluate.py's stdout: source, quantized, canary,
// tokens, degenerate, versions, seconds) judged: this is the one reader of that answer, a
// probe's, not an artifact; what it judges is recorded through artifacts::Evaluation.
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "evaluate/evaluation.h"
#include "evaluate/statistics.h"

namespace evaluate {

namespace {

std::vector<double> numbers(const core::Json* model, std::string_view key) {
  std::vector<double> out;
  if (model == nullptr) return out;
  const core::Json* arr = core::json_array(*model, key);
  if (arr == nullptr) return out;
  for (const auto& v : *arr) {
    if (v.is_number()) out.push_back(v.get<double>());
  }
  return out;
}

std::vector<std::int64_t> tokens(const core::Json& gen) {
  std::vector<std::int64_t> out;
  if (const core::Json* arr = core::json_array(gen, "tokens")) {
    for (const auto& v : *arr) {
      if (v.is_number_integer()) out.push_back(v.get<std::int64_t>());
    }
  }
  return out;
}

std::optional<std::string> degenerate(const core::Json& gen) {
  auto why = core::json_string(gen, "degenerate");
  if (why && !why->empty()) return why;
  return std::nullopt;
}

// The model's error when it did not load, else none. `label` is "source" or "quantized".
Reason load_error(const core::Json* model, const std::string& label) {
  if (model == nullptr) return {"evaluate.reason." + label + "_not_reported", {}};
  if (core::json_bool(*model, "loaded").value_or(false)) return {};
  auto error = core::json_string(*model, "error");
  if (!error || error->empty()) return {"evaluate.reason." + label + "_not_loaded_no_reason", {}};
  return {"evaluate.reason." + label + "_not_loaded", {{"error", *error}}};
}

CanaryCheck judge_canary(const core::Json* src, const core::Json* qnt, const Settings& s) {
  CanaryCheck c;
  if (s.canary_tokens <= 0) {
    c.reason = {"evaluate.reason.canary_not_asked", {}};
    return c;
  }
  const core::Json* sgen = src != nullptr ? core::json_array(*src, "canary") : nullptr;
  const core::Json* qgen = qnt != nullptr ? core::json_array(*qnt, "canary") : nullptr;
  if (sgen == nullptr || qgen == nullptr || sgen->empty() || sgen->size() != qgen->size()) {
    c.reason = {"evaluate.reason.canary_not_generated", {}};
    return c;
  }
  bool failed = false;
  bool unsure = false;
  double sum = 0;
  for (std::size_t i = 0; i < sgen->size(); ++i) {
    const core::Json& a = (*sgen)[i];
    const core::Json& b = (*qgen)[i];
    CanaryPrompt p;
    p.prompt = core::json_string(a, "prompt").value_or("");
    p.source_text = core::json_string(a, "text").value_or("");
    p.quantized_text = core::json_string(b, "text").value_or("");
    p.source_degenerate = degenerate(a);
    p.quantized_degenerate = degenerate(b);
    auto ta = tokens(a);
    auto tb = tokens(b);
    std::size_t longest = std::max(ta.size(), tb.size());
    std::size_t same = 0;
    for (std::size_t k = 0; k < std::min(ta.size(), tb.size()); ++k) {
      if (ta[k] == tb[k]) {
        ++same;
      } else if (p.first_divergence < 0) {
        p.first_divergence = static_cast<int>(k);
      }
    }
    if (p.first_divergence < 0 && ta.size() != tb.size()) p.first_divergence = static_cast<int>(std::min(ta.size(), tb.size()));
    p.agreement = longest == 0 ? 1.0 : static_cast<double>(same) / static_cast<double>(longest);
    sum += p.agreement;
    if (p.quantized_degenerate && !p.source_degenerate) {
      failed = true;
      c.reason = {"evaluate.reason.canary_degenerate", {{"prompt", p.prompt}, {"why", *p.quantized_degenerate}}};
    } else if (p.source_degenerate && !failed) {
      unsure = true;
      c.reason = {"evaluate.reason.canary_source_degenerate", {{"prompt", p.prompt}, {"why", *p.source_degenerate}}};
    }
    c.prompts.push_back(std::move(p));
  }
  c.agreement = sum / static_cast<double>(c.prompts.size());
  c.status = failed ? Status::fail : unsure ? Status::indeterminate : Status::pass;
  return c;
}

PerplexityCheck judge_perplexity(const core::Json* src, const core::Json* qnt, const Settings& s) {
  PerplexityCheck p;
  p.threshold_pct = s.max_ppl_increase_pct;
  p.seq_len = s.seq_len;
  PairedDelta d = paired_delta(numbers(src, "window_nll"), numbers(qnt, "window_nll"));
  p.windows = d.n;
  if (d.n == 0) {
    p.reason = {"evaluate.reason.ppl_no_windows", {}};
    return p;
  }
  p.source_ppl = d.source_ppl;
  p.quantized_ppl = d.quantized_ppl;
  p.delta_pct = d.delta_pct;
  p.se_pct = d.se_pct.value_or(0);
  switch (judge_delta(d, s.max_ppl_increase_pct, s.z)) {
    case Judgement::pass:
      p.status = Status::pass;
      break;
    case Judgement::fail:
      p.status = Status::fail;
      p.reason = {"evaluate.reason.ppl_rose",
                  {{"delta", fmt::format("{:.2f}", p.delta_pct)},
                   {"se", fmt::format("{:.2f}", p.se_pct)},
                   {"threshold", fmt::format("{:.1f}", p.threshold_pct)}}};
      break;
    case Judgement::indeterminate:
      p.status = Status::indeterminate;
      p.reason = !d.se_pct ? Reason{"evaluate.reason.ppl_too_few_windows", {{"windows", std::to_string(d.n)}}}
                           : Reason{"evaluate.reason.ppl_undecided",
                                    {{"delta", fmt::format("{:.2f}", p.delta_pct)},
                                     {"se", fmt::format("{:.2f}", p.se_pct)},
                                     {"windows", std::to_string(d.n)},
                                     {"threshold", fmt::format("{:.1f}", p.threshold_pct)}}};
      break;
  }
  if (d.n < s.windows && p.status == Status::pass) {
    p.reason = {"evaluate.reason.ppl_budget", {{"windows", std::to_string(d.n)}, {"planned", std::to_string(s.windows)}}};
  }
  return p;
}

core::Json model_facts(const core::Json* m) {
  core::Json j = core::Json::object();
  if (m == nullptr) return j;
  for (const char* k : {"path", "loaded", "error", "load_seconds", "canary_seconds", "ppl_seconds", "linear_classes"}) {
    if (m->contains(k)) j[k] = (*m)[k];
  }
  return j;
}

}  // namespace

EvaluationResult judge(const core::Json& measured, const Settings& settings) {
  const core::Json* src = core::json_object(measured, "source");
  const core::Json* qnt = core::json_object(measured, "quantized");
  Reason why = load_error(src, "source");
  if (why.empty()) why = load_error(qnt, "quantized");
  EvaluationResult r = why.empty() ? EvaluationResult{} : not_run(settings, why);
  r.settings = settings;
  r.seconds = core::json_number(measured, "seconds").value_or(0);
  for (const char* k : {"versions", "device", "dtype", "threads", "text", "windows_available", "baseline"}) {
    if (measured.contains(k)) r.environment[k] = measured[k];
  }
  r.models = {{"source", model_facts(src)}, {"quantized", model_facts(qnt)}};
  if (const core::Json* versions = core::json_object(measured, "versions"))
    r.loader_quark = core::json_string(*versions, "amd_quark").value_or("");
  if (!why.empty()) return r;
  r.canary = judge_canary(src, qnt, settings);
  r.perplexity = judge_perplexity(src, qnt, settings);
  const auto& c = r.canary;
  const auto& p = r.perplexity;
  if (c.status == Status::fail || p.status == Status::fail) {
    r.verdict = Status::fail;
    r.reason = c.status == Status::fail ? c.reason : p.reason;
  } else if (p.status == Status::not_run || (settings.canary_tokens > 0 && c.status == Status::not_run)) {
    r.verdict = Status::not_run;
    r.reason = p.status == Status::not_run ? p.reason : c.reason;
  } else if (c.status == Status::indeterminate || p.status == Status::indeterminate) {
    r.verdict = Status::indeterminate;
    r.reason = p.status == Status::indeterminate ? p.reason : c.reason;
  } else {
    r.verdict = Status::pass;
  }
  return r;
}

}  // namespace evaluate
