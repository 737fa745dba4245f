// quark-ptq accept  (checkpoint 4: accept the verified result)
#include <memory>

#include "cli/commands.h"
#include "cli/commands/decide.h"
#include "cli/next_step.h"
#include "cli/step_views.h"
#include "cli/summaries.h"
#include "flow/checkpoint_flow.h"
#include "flow/documents.h"
#include "workflow/candidate_workdir.h"
#include "workflow/decide.h"

namespace cli {

void render_decided(const Console& c, const workflow::Workdir& wd, const workflow::Confirmation& conf, bool followup) {
  c.say(followup ? "cli.followup_done" : "cli.accept_done", {{"digest", conf.digest}, {"text", conf.followup}});
  auto status = workflow::status_of(wd);
  if (c.json_mode()) c.json(flow::decision_document(c.lang(), wd, conf));
  if (status) say_next(c, *status);
}

int run_accept_command(Context& ctx, const DecideOptions& opt) {
  std::string words = opt.user_words;
  if (words.empty()) {
    words = "quark-ptq accept";
    if (!opt.candidate.empty()) words += " --candidate " + opt.candidate;
    if (opt.despite_evaluation) words += " --despite-evaluation";
    if (opt.remove_others) words += " --remove-others";
  }
  if (opt.remove_others && opt.candidate.empty())
    return ctx.console.error(core::make_error(core::ExitCode::usage, "comparison.remove_needs_candidate"));
  // The person typed the command that accepts: that is the answer, nothing is asked.
  flow::DecideRequest req{ctx.workdir, opt.candidate, flow::Decision::accept, opt.despite_evaluation, "", ""};
  auto end = flow::decide_result(req, [&](const flow::ResultQuestion&) { return flow::Answer{words, true}; });
  if (!end) return ctx.console.error(end.error());
  const auto& decided = std::get<flow::checkpoint_end::Decided>(*end);
  render_decided(ctx.console, decided.decided_in, decided.confirmation, false);
  if (opt.remove_others) {
    // Only once the acceptance is recorded: a refused acceptance removes nothing.
    auto removed = workflow::remove_other_outputs(workflow::Workdir{ctx.workdir}, opt.candidate);
    if (!removed) return ctx.console.error(removed.error());
    for (const auto& dir : *removed) ctx.console.say("comparison.removed_output", {{"path", dir.string()}});
  }
  return 0;
}

int run_followup_command(Context& ctx, const DecideOptions& opt) {
  flow::DecideRequest req{ctx.workdir, "", flow::Decision::followup, std::nullopt, opt.text, ""};
  auto end = flow::decide_result(req, [&](const flow::ResultQuestion&) { return flow::Answer{opt.text, true}; });
  if (!end) return ctx.console.error(end.error());
  const auto& decided = std::get<flow::checkpoint_end::Decided>(*end);
  render_decided(ctx.console, decided.decided_in, decided.confirmation, true);
  return 0;
}

void add_accept_command(CLI::App& app, const HelpText& help, CommandFn& selected) {
  auto opt = std::make_shared<DecideOptions>();
  auto* sub = app.add_subcommand("accept", help("help.accept.summary"));
  sub->add_flag("--despite-evaluation", opt->despite_evaluation, help("help.accept.despite_evaluation"));
  sub->add_option("--candidate", opt->candidate, help("help.accept.candidate"))->type_name("NAME");
  sub->add_flag("--remove-others", opt->remove_others, help("help.accept.remove_others"));
  sub->callback([&selected, opt] { selected = [opt](Context& ctx) { return run_accept_command(ctx, *opt); }; });
}

}  // namespace cli
