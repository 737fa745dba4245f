// quark-ptq evaluate --source MODEL OUTPUT_DIR [--text FILE] [--plan FILE] [--eval smoke|full]:
// standalone evaluation of any quantized output against its source (canary + paired
// perplexity on held-out text, src/evaluate). Exit 0 only when the verdict is pass; 12 when it
// is fail, indeterminate or not-run.
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/evaluate_render.h"
#include "cli/option_checks.h"
#include "flow/evaluate_flow.h"

namespace cli {

namespace {

int run_evaluate(Context& ctx, flow::EvaluateRequest request) {
  request.workdir = ctx.workdir;
  request.echo_style = Console::echo_style(request.echo_fd);
  request.lang = ctx.console.lang();
  auto req = flow::evaluation_request(request);
  if (!req) return ctx.console.error(req.error());
  const evaluate::Settings& s = req->settings;
  ctx.console.say("evaluate.starting", {{"output", req->output.string()},
                                        {"source", req->source.string()},
                                        {"tokens", std::to_string(s.canary_tokens)},
                                        {"windows", std::to_string(s.windows)},
                                        {"seq_len", std::to_string(s.seq_len)},
                                        {"text", req->text.string()},
                                        {"budget", fmt::format("{:.0f}", s.budget_seconds)},
                                        {"python", req->python}});
  evaluate::EvaluationResult r = flow::run_evaluation(*req);
  if (ctx.console.json_mode()) ctx.console.json(r.record().to_json());
  print_evaluation(ctx.console, r);
  return core::to_int(flow::evaluation_exit_code(r));
}

}  // namespace

void add_evaluate_command(CLI::App& app, const HelpText& help, CommandFn& selected) {
  auto opt = std::make_shared<flow::EvaluateRequest>();  // bound as given; workdir at run time
  auto* sub = app.add_subcommand("evaluate", help("help.evaluate.summary"));
  sub->add_option("output_dir", opt->output_dir, help("help.evaluate.output_dir"))->required();
  sub->add_option("--source", opt->source, help("help.evaluate.source"))->required();
  sub->add_option("--text", opt->text, help("help.evaluate.text"));
  sub->add_option("--plan", opt->plan, help("help.evaluate.plan"));
  sub->add_option("--eval", opt->eval, help("help.evaluate.eval"))->check(one_of(help, {"smoke", "full"}));
  sub->add_option("--priority", opt->priority, help("help.evaluate.priority"))->check(one_of(help, {"accuracy", "balanced", "size"}));
  sub->add_option("--threshold", opt->threshold, help("help.evaluate.threshold"))->check(positive_number(help));
  sub->add_option("--windows", opt->windows, help("help.evaluate.windows"))->check(positive_number(help));
  sub->add_option("--seq-len", opt->seq_len, help("help.evaluate.seq_len"))->check(number_between(help, 2, 1 << 20, "INT"));
  sub->add_option("--canary-tokens", opt->canary_tokens, help("help.evaluate.canary_tokens"))->check(non_negative_number(help));
  sub->add_option("--budget", opt->budget, help("help.evaluate.budget"))->check(positive_number(help));
  sub->add_option("--python", opt->python, help("help.evaluate.python"));
  sub->callback([&selected, opt] { selected = [opt](Context& ctx) { return run_evaluate(ctx, *opt); }; });
}

}  // namespace cli
