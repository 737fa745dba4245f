// quark-ptq evaluate --source MODEL OUTPUT_DIR [--text FILE] [--plan FILE] [--eval smoke|full]:
// standalone evaluation of any quantized output against its source (canary + paired
// perplexity on held-out text, src/evaluate). Exit 0 only when the verdict is pass; 12 when it
// is fail, indeterminate or not-run.
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/evaluate_render.h"
#include "core/fs.h"
#include "envprobe/python_env.h"
#include "evaluate/run_evaluation.h"
#include "evaluate/settings_json.h"
#include "plan/evaluation_settings.h"

namespace cli {

namespace {

struct EvaluateCmdOptions {
  std::string output_dir;
  std::string source;
  std::string text;
  std::string plan;
  std::string eval = "smoke";
  std::string priority = "balanced";
  std::optional<double> threshold;
  std::optional<int> windows;
  std::optional<int> seq_len;
  std::optional<int> canary_tokens;
  std::optional<double> budget;
  std::string python;
};

int run_evaluate(Context& ctx, const EvaluateCmdOptions& opt) {
  core::Json section = plan::evaluation_settings(opt.eval, opt.priority, opt.text);
  if (!opt.plan.empty()) {
    auto doc = core::read_json_file(core::absolute_path(opt.plan));
    if (!doc || !doc->is_object()) {
      return ctx.console.error(core::make_error(core::ExitCode::bad_input, "evaluate.plan_unreadable").with("path", opt.plan));
    }
    if (const core::Json* e = core::json_object(*doc, "evaluation")) section = *e;
  }
  evaluate::Settings s = evaluate::settings_from_json(section);
  if (opt.threshold) s.max_ppl_increase_pct = *opt.threshold;
  if (opt.windows) s.windows = *opt.windows;
  if (opt.seq_len) s.seq_len = *opt.seq_len;
  if (opt.canary_tokens) s.canary_tokens = *opt.canary_tokens;
  if (opt.budget) s.budget_seconds = *opt.budget;
  std::string text = !opt.text.empty() ? opt.text : core::json_string(section, "text").value_or("");

  auto source = core::absolute_path(opt.source);
  if (!core::is_directory(source)) {
    return ctx.console.error(core::make_error(core::ExitCode::bad_input, "evaluate.source_not_local").with("path", opt.source));
  }
  auto output = core::absolute_path(opt.output_dir);
  if (!core::is_directory(output)) {
    return ctx.console.error(core::make_error(core::ExitCode::bad_input, "evaluate.output_missing").with("path", opt.output_dir));
  }
  if (text.empty()) return ctx.console.error(core::make_error(core::ExitCode::usage, "evaluate.no_text"));
  auto text_path = core::absolute_path(text);
  if (!core::is_regular_file(text_path)) {
    return ctx.console.error(core::make_error(core::ExitCode::bad_input, "evaluate.text_missing").with("path", text));
  }
  auto env = envprobe::resolve_python_env(opt.python);
  if (!env) return ctx.console.error(env.error());

  evaluate::Request req;
  req.python = env->python;
  req.source = source;
  req.output = output;
  req.text = text_path;
  req.settings = s;
  req.work_dir = ctx.workdir / "evaluation";
  req.echo_fd = 2;
  ctx.console.say("evaluate.starting", {{"output", output.string()}, {"source", source.string()}, {"tokens", std::to_string(s.canary_tokens)},
                                        {"windows", std::to_string(s.windows)}, {"seq_len", std::to_string(s.seq_len)},
                                        {"text", text_path.string()}, {"budget", fmt::format("{:.0f}", s.budget_seconds)},
                                        {"python", env->python}});
  evaluate::EvaluationResult r = evaluate::run_evaluation(req);
  if (ctx.console.json_mode()) ctx.console.json(r.to_json());
  print_evaluation(ctx.console, r);
  return r.verdict == evaluate::Status::pass ? 0 : core::to_int(core::ExitCode::eval_failed);
}

}  // namespace

void add_evaluate_command(CLI::App& app, CommandFn& selected) {
  auto opt = std::make_shared<EvaluateCmdOptions>();
  auto* sub = app.add_subcommand("evaluate", "Evaluate a quantized output against its source: canary + perplexity delta (exit 0 only on pass)");
  sub->add_option("output_dir", opt->output_dir, "The quantized model directory")->required();
  sub->add_option("--source", opt->source, "The original (unquantized) model directory")->required();
  sub->add_option("--text", opt->text, "Held-out text: .jsonl with a text field, or .txt paragraphs (default: the plan's evaluation.text)");
  sub->add_option("--plan", opt->plan, "quant_plan.json whose evaluation settings and threshold to use");
  sub->add_option("--eval", opt->eval, "smoke (canary + a few windows) or full (more windows); default smoke")
      ->check(CLI::IsMember({"smoke", "full"}));
  sub->add_option("--priority", opt->priority, "accuracy, balanced or size: picks the perplexity threshold (default: balanced)")
      ->check(CLI::IsMember({"accuracy", "balanced", "size"}));
  sub->add_option("--threshold", opt->threshold, "Largest accepted perplexity rise, in percent (overrides the priority's)")->check(CLI::PositiveNumber);
  sub->add_option("--windows", opt->windows, "Perplexity windows")->check(CLI::PositiveNumber);
  sub->add_option("--seq-len", opt->seq_len, "Tokens per window")->check(CLI::Range(2, 1 << 20));
  sub->add_option("--canary-tokens", opt->canary_tokens, "Greedy tokens per canary prompt (0: no canary)")->check(CLI::NonNegativeNumber);
  sub->add_option("--budget", opt->budget, "Seconds after which no further window is started")->check(CLI::PositiveNumber);
  sub->add_option("--python", opt->python, "Python interpreter with torch, transformers and amd-quark (default: as prepare)");
  sub->callback([&selected, opt] { selected = [opt](Context& ctx) { return run_evaluate(ctx, *opt); }; });
}

}  // namespace cli
