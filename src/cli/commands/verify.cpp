// quark-ptq verify OUTPUT_DIR [--plan FILE] [--source MODEL]: standalone verification of a
// quantized output. Exit 0 only when it passes; 10 when it is partial or failed; 3 when the
// path is missing or not a directory.
#include <memory>

#include "cli/commands.h"
#include "cli/verify_render.h"
#include "verify/verify_output.h"

namespace cli {

namespace {

struct VerifyCmdOptions {
  std::string output_dir;
  std::string plan;
  std::string source;
  unsigned threads = 0;
};

int run_verify(Context& ctx, const VerifyCmdOptions& opt) {
  verify::VerifyOptions o;
  o.output_dir = core::absolute_path(opt.output_dir);
  o.threads = opt.threads;
  // What was given is bad input, not a failed verification: there is nothing to verify.
  if (!core::exists(o.output_dir)) {
    return ctx.console.error(core::make_error(core::ExitCode::bad_input, "verify.path_missing").with("path", opt.output_dir));
  }
  if (!core::is_directory(o.output_dir)) {
    return ctx.console.error(core::make_error(core::ExitCode::bad_input, "verify.path_not_directory").with("path", opt.output_dir));
  }
  if (!opt.plan.empty()) {
    auto plan = core::read_json_file(core::absolute_path(opt.plan));
    if (!plan || !plan->is_object()) {
      return ctx.console.error(core::make_error(core::ExitCode::bad_input, "verify.plan_unreadable").with("path", opt.plan));
    }
    o.plan = std::move(plan).value();
  }
  if (!opt.source.empty()) {
    auto src = core::absolute_path(opt.source);
    if (!core::is_directory(src)) {
      return ctx.console.error(core::make_error(core::ExitCode::bad_input, "verify.source_not_local").with("path", opt.source));
    }
    o.source_dir = src;
  }
  HashProgressView progress(ctx.console);
  o.progress = &progress;
  verify::VerifyReport report = verify::verify_output(o);
  if (ctx.console.json_mode()) ctx.console.json(report.to_json());
  print_verify_report(ctx.console, report);
  return report.passed() ? 0 : core::to_int(core::ExitCode::verify_failed);
}

}  // namespace

void add_verify_command(CLI::App& app, CommandFn& selected) {
  auto opt = std::make_shared<VerifyCmdOptions>();
  auto* sub = app.add_subcommand("verify", "Verify a quantized output directory (exit 0 only when it passes)");
  sub->add_option("output_dir", opt->output_dir, "The quantized model directory")->required();
  sub->add_option("--plan", opt->plan, "quant_plan.json to check the output against");
  sub->add_option("--source", opt->source, "The original model directory (excluded layers are compared byte for byte)");
  sub->add_option("--threads", opt->threads, "Hashing threads (default: all cores)");
  sub->callback([&selected, opt] { selected = [opt](Context& ctx) { return run_verify(ctx, *opt); }; });
}

}  // namespace cli
