// quark-ptq verify OUTPUT_DIR [--plan FILE] [--source MODEL]: standalone verification of a
// quantized output. Exit 0 only when it passes; 10 when it is partial or failed; 3 when the
// path is missing or not a directory.
#include <memory>

#include "cli/commands.h"
#include "cli/verify_render.h"
#include "flow/verify_flow.h"

namespace cli {

namespace {

struct VerifyCmdOptions {
  std::string output_dir;
  std::string plan;
  std::string source;
  unsigned threads = 0;
};

int run_verify(Context& ctx, const VerifyCmdOptions& opt) {
  HashProgressView progress(ctx.console);
  auto report = flow::verify({opt.output_dir, opt.plan, opt.source, opt.threads, &progress});
  if (!report) return ctx.console.error(report.error());
  if (ctx.console.json_mode()) ctx.console.json(report->record().to_json());
  print_verify_report(ctx.console, *report);
  return core::to_int(flow::verify_exit_code(*report));
}

}  // namespace

void add_verify_command(CLI::App& app, const HelpText& help, CommandFn& selected) {
  auto opt = std::make_shared<VerifyCmdOptions>();
  auto* sub = app.add_subcommand("verify", help("help.verify.summary"));
  sub->add_option("output_dir", opt->output_dir, help("help.verify.output_dir"))->required();
  sub->add_option("--plan", opt->plan, help("help.verify.plan"));
  sub->add_option("--source", opt->source, help("help.verify.source"));
  sub->add_option("--threads", opt->threads, help("help.verify.threads"));
  sub->callback([&selected, opt] { selected = [opt](Context& ctx) { return run_verify(ctx, *opt); }; });
}

}  // namespace cli
