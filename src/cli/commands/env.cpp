// quark-ptq env [--python PATH]: the environment report alone (the same report prepare
// records in run_manifest.yaml). Exit 0 when ready, 6 when a blocking problem was found.
#include <memory>

#include "cli/commands.h"
#include "envprobe/report.h"
#include "envprobe/report_text.h"

namespace cli {

namespace {

struct EnvOptions {
  std::string python;
};

int run_env(Context& ctx, const EnvOptions& opt) {
  envprobe::ProbeOptions probe;
  probe.python_flag = opt.python;
  auto report = envprobe::probe_environment(probe);
  if (!report) return ctx.console.error(report.error());
  if (ctx.console.json_mode()) ctx.console.json(envprobe::report_to_json(*report));
  for (const auto& line : envprobe::report_lines(*report, ctx.console.lang())) ctx.console.line(line);
  return core::to_int(report->verdict.ready ? core::ExitCode::ok : core::ExitCode::env_not_ready);
}

}  // namespace

void add_env_command(CLI::App& app, const HelpText& help, CommandFn& selected) {
  auto opt = std::make_shared<EnvOptions>();
  auto* sub = app.add_subcommand("env", help("help.env.summary"));
  sub->add_option("--python", opt->python, help("help.env.python"));
  sub->callback([&selected, opt] { selected = [opt](Context& ctx) { return run_env(ctx, *opt); }; });
}

}  // namespace cli
