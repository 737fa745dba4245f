// quark-ptq prepare --output-dir DIR [the prepare table's options]: step 3. Checks the
// environment, builds the exact command and writes run_manifest.yaml, then asks checkpoint
// 3's question. Exit 0 (ready), 6 (manifest written, environment not ready), 4/5 (plan not
// confirmed / stale: nothing written), 3 (bad --output-dir / --python), 8 (plan unusable).
#include <cstdio>
#include <memory>

#include "cli/commands.h"
#include "cli/comparison_views.h"
#include "cli/commands/prepare.h"
#include "cli/evaluate_render.h"
#include "cli/next_step.h"
#include "cli/option_binding.h"
#include "options/prepare_table.h"
#include "envprobe/report_text.h"
#include "flow/documents.h"
#include "flow/executor_text.h"
#include "manifest/estimate.h"
#include "cli/step_views.h"
#include "cli/summaries.h"

namespace cli {

namespace {

std::string num(double v) { return manifest::gib_text(v); }

void print_summary(const Console& c, const manifest::PrepareResult& r, bool ask_question) {
  c.say("prepare.heading");
  c.say("prepare.python", {{"python", r.env.env.python.empty() ? "?" : r.env.env.python}, {"source", r.env.env.source}});
  c.say("prepare.quark_cli", {{"path", r.command.argv.front()}});
  c.say("prepare.command");
  c.line("  " + r.display);
  std::string changes;
  for (const auto& [name, value] : r.command.env_changes) changes += (changes.empty() ? "" : " ") + name + "=" + value;
  if (changes.empty()) {
    c.say("prepare.env_changes_none");
  } else {
    c.say("prepare.env_changes", {{"changes", changes}});
  }
  for (const auto& line : flow::executor_lines(c.lang(), r.executor)) c.line(line);
  c.say(r.output.overwrite ? "prepare.destination_overwrite" : "prepare.destination", {{"path", r.output.path}});
  std::string files;
  for (const auto& f : r.expected_files) files += (files.empty() ? "" : ", ") + f;
  c.say("prepare.expected", {{"files", files}, {"size", num(r.estimate.output_disk_gib)}});
  c.say(r.trust_remote_code ? "prepare.remote_code_on" : "prepare.remote_code_off");
  say_evaluator(c, r.evaluator);
  const auto& e = r.estimate;
  // On the CPU no GPU takes part: its figures would be noise (GPU0 0.0 of ? GiB).
  c.say(e.runs_on_cpu ? "prepare.estimate_cpu" : "prepare.estimate", {{"gpu", num(e.gpu_peak_gib)},
                                                                      {"gpu_free", num(e.gpu_available_gib)},
                                                                      {"host", num(e.host_peak_gib)},
                                                                      {"host_free", num(e.host_available_gib)},
                                                                      {"disk", num(e.output_disk_gib)},
                                                                      {"disk_free", num(e.disk_free_gib)},
                                                                      {"minutes", manifest::minutes_text(e.minutes)}});
  for (const auto& rec : e.recommendations) c.say("prepare.recommendation", {{"text", rec.text(c.lang())}});
  for (const auto& line : envprobe::verdict_lines(r.env.verdict, c.lang())) c.line(line);
  c.say("prepare.digest", {{"digest", r.digest}});
  c.say("prepare.manifest_written", {{"path", r.path.string()}});
  if (r.ready && ask_question) {
    c.say("prepare.question");
    const auto wd = r.path.parent_path();
    c.say("prepare.how_to_answer",
          {{"run", user_command(wd, "quark-ptq run")}, {"approve", user_command(wd, "quark-ptq run --approve " + r.digest)}});
  } else if (!r.ready) {
    c.say("prepare.not_ready");
  }
}

}  // namespace

void render_prepared(const Console& console, const manifest::PrepareResult& r, bool ask_question) {
  if (console.json_mode()) {
    console.json(flow::prepare_document(r));
  }
  print_summary(console, r, ask_question);
}

int run_prepare_command(Context& ctx, const PrepareOptions& opt) {
  manifest::PrepareOptions p;
  static_cast<options::PrepareOptions&>(p) = opt.given;
  options::make_paths_absolute(p);
  p.workdir = ctx.workdir;
  if (manifest::plan_is_comparison(workflow::Workdir{ctx.workdir})) {
    auto compared = manifest::prepare_comparison(p);
    if (!compared) return ctx.console.error(compared.error());
    render_comparison_prepared(ctx.console, *compared, opt.ask_question);
    return core::to_int(compared->ready() ? core::ExitCode::ok : core::ExitCode::env_not_ready);
  }
  auto r = manifest::prepare(p);
  if (!r) return ctx.console.error(r.error());
  render_prepared(ctx.console, *r, opt.ask_question);
  return core::to_int(r->ready ? core::ExitCode::ok : core::ExitCode::env_not_ready);
}

void add_prepare_command(CLI::App& app, const HelpText& help, CommandFn& selected) {
  auto opt = std::make_shared<PrepareOptions>();
  opt->ask_question = true;
  auto* sub = app.add_subcommand("prepare", help("help.prepare.summary"));
  add_table_options(*sub, help, opt->given, options::prepare_option_rows());
  sub->callback([&selected, opt] { selected = [opt](Context& ctx) { return run_prepare_command(ctx, *opt); }; });
}

}  // namespace cli
