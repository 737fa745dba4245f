// quark-ptq report [--output FILE]: report.html made again from what the workdir records (the
// run writes it after every run; this remakes it, in another language or somewhere else).
#include <memory>

#include "cli/commands.h"
#include "cli/report_render.h"
#include "core/fs.h"
#include "report/write_report.h"

namespace cli {

namespace {

struct ReportOptions {
  std::string output;
};

int run_report_command(Context& ctx, const ReportOptions& opt) {
  std::optional<std::filesystem::path> output;
  if (!opt.output.empty()) output = core::absolute_path(opt.output);
  auto written = report::write_report(workflow::Workdir{ctx.workdir}, ctx.console.lang(), output);
  if (!written) return ctx.console.error(written.error());
  if (ctx.console.json_mode()) ctx.console.json({{"report", written->string()}});
  say_report(ctx.console, written);
  return 0;
}

}  // namespace

void add_report_command(CLI::App& app, const HelpText& help, CommandFn& selected) {
  auto opt = std::make_shared<ReportOptions>();
  auto* sub = app.add_subcommand("report", help("help.report.summary"));
  sub->add_option("--output", opt->output, help("help.report.output"));
  sub->callback([&selected, opt] { selected = [opt](Context& ctx) { return run_report_command(ctx, *opt); }; });
}

}  // namespace cli
