#include "cli/evaluate_render.h"

#include <fmt/format.h>

#include "artifacts/evaluator.h"
#include "evaluate/settings_json.h"

namespace cli {

namespace {

std::string status(const Console& c, evaluate::Status s) {
  std::string id = "evaluate.status_" + std::string(evaluate::status_name(s));
  return c.t(id);
}

std::string reason(const Console& c, const evaluate::Reason& r) { return r.empty() ? "" : " - " + r.text(c.lang()); }

// One line of generated text, shortened for the terminal.
std::string brief(const std::string& text) {
  std::string out;
  for (char ch : text) out += (ch == '\n' || ch == '\r' || ch == '\t') ? ' ' : ch;
  if (out.size() > 60) out = out.substr(0, 57) + "...";
  return fmt::format("\"{}\"", out);
}

}  // namespace

void print_evaluation(const Console& console, const evaluate::EvaluationResult& r) {
  const auto& c = r.canary;
  const auto& p = r.perplexity;
  if (c.status != evaluate::Status::not_run || r.verdict != evaluate::Status::not_run) {
    console.say("evaluate.canary_line", {{"status", status(console, c.status)},
                                         {"agreement", fmt::format("{:.0f}", c.agreement * 100)},
                                         {"prompts", std::to_string(c.prompts.size())},
                                         {"reason", reason(console, c.reason)}});
    for (const auto& pr : c.prompts) {
      console.say("evaluate.canary_prompt",
                  {{"prompt", brief(pr.prompt)}, {"source", brief(pr.source_text)}, {"quantized", brief(pr.quantized_text)}});
    }
    console.say("evaluate.ppl_line", {{"status", status(console, p.status)},
                                      {"source", fmt::format("{:.3f}", p.source_ppl)},
                                      {"quantized", fmt::format("{:.3f}", p.quantized_ppl)},
                                      {"delta", fmt::format("{:+.2f}", p.delta_pct)},
                                      {"se", fmt::format("{:.2f}", p.se_pct)},
                                      {"windows", std::to_string(p.windows)},
                                      {"seq_len", std::to_string(p.seq_len)},
                                      {"threshold", fmt::format("{:.1f}", p.threshold_pct)},
                                      {"reason", p.status == evaluate::Status::pass ? reason(console, p.reason) : ""}});
  }
  if (r.cross_release_load()) console.say("evaluate.cross_release", {{"export", r.export_quark}, {"loader", r.loader_quark}});
  std::string verdict_id = "evaluate.verdict_" + std::string(evaluate::status_name(r.verdict));
  console.say(verdict_id, {{"seconds", fmt::format("{:.0f}", r.seconds)}, {"reason", r.reason.text(console.lang())}});
}

void say_evaluator(const Console& console, const core::Json& section) {
  if (!section.is_object()) return;
  auto evaluator = artifacts::Evaluator::from_json(section);
  if (!evaluator) {
    console.say(evaluator.error().id, evaluator.error().args);  // the field that does not read
    return;
  }
  evaluate::Settings s = evaluate::settings_of(evaluator->settings);
  console.say("prepare.evaluator", {{"python", evaluator->python.empty() ? "?" : evaluator->python},
                                    {"tokens", std::to_string(s.canary_tokens)},
                                    {"windows", std::to_string(s.windows)},
                                    {"seq_len", std::to_string(s.seq_len)},
                                    {"text", evaluator->text.empty() ? "-" : evaluator->text},
                                    {"threshold", fmt::format("{:g}", s.max_ppl_increase_pct)}});
}

}  // namespace cli
