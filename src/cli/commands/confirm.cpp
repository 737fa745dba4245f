// quark-ptq confirm analysis [--set KEY=VALUE ...] [--digest D]  (checkpoint 1)
// quark-ptq confirm plan [--digest D]                             (checkpoint 2)
#include "cli/option_checks.h"
#include "cli/commands/confirm.h"

#include "artifacts/analysis_upgrade.h"
#include "artifacts/plan_upgrade.h"

#include <memory>

#include "cli/commands.h"
#include "cli/next_step.h"
#include "cli/step_views.h"
#include "cli/summaries.h"
#include "flow/checkpoint_flow.h"
#include "flow/documents.h"
#include "workflow/confirm.h"
#include "workflow/corrections.h"

namespace cli {

namespace {

std::string command_line(const ConfirmOptions& opt) {
  std::string s = "quark-ptq confirm " + opt.what;
  for (const auto& set : opt.sets) s += " --set " + set;
  return s;
}

// Checkpoint 2 accepts the plan's risks, those it carries from the analysis included: say which.
void say_accepted_risks(const Console& c, const core::Json& doc) {
  auto plan = artifacts::read_quant_plan(doc);
  if (!plan) {
    c.error_line(plan.error());
    return;
  }
  if (plan->risks.empty()) {
    c.say("cli.confirm_plan_no_risks");
    return;
  }
  c.say("cli.confirm_plan_accepts", {{"count", std::to_string(plan->risks.size())}});
  for (const auto& r : plan->risks) c.line("  " + risk_line(c, r));
}

}  // namespace

void render_confirmed(const Console& c, const workflow::Workdir& wd, const workflow::ConfirmOutcome& outcome, bool analysis, bool in_flow) {
  const workflow::Confirmation& conf = outcome.confirmation;
  std::string number = std::to_string(static_cast<int>(conf.checkpoint));
  const auto& corrections = conf.corrections;
  // The analysis as confirmed (the checkpoint read it before confirming, so it reads).
  const core::Result<artifacts::ModelAnalysis> confirmed =
      analysis ? artifacts::read_model_analysis(outcome.doc) : core::Result<artifacts::ModelAnalysis>(artifacts::ModelAnalysis{});
  // Inside start the corrected analysis was shown with the question this yes answered.
  if (!outcome.already && !corrections.empty() && !in_flow) {
    for (const auto& change : corrections) {
      c.say("cli.confirm_corrected",
            {{"key", change.key}, {"from", core::dump_compact(change.from)}, {"to", core::dump_compact(change.to)}});
    }
    if (confirmed) {
      show_analysis_summary(c, *confirmed);
    } else {
      c.error_line(confirmed.error());
    }
  }
  if (analysis && confirmed && confirmed->analysis_status == "partial")
    c.warn(c.t("cli.confirm_partial", {{"keys", workflow::correctable_keys()}}));
  if (!analysis) say_accepted_risks(c, outcome.doc);
  c.say(outcome.already ? "cli.confirm_already" : "cli.confirm_done",
        {{"checkpoint", number}, {"name", analysis ? "analysis" : "plan"}, {"digest", conf.digest}, {"at", conf.confirmed_at}});
  auto status = workflow::status_of(wd);
  if (c.json_mode()) c.json(flow::confirm_document(c.lang(), wd, outcome, /*accepted_risks=*/!analysis));
  if (!in_flow && status) say_next(c, *status);
}

int run_confirm_command(Context& ctx, const ConfirmOptions& opt) {
  const Console& c = ctx.console;
  workflow::Workdir wd{ctx.workdir};
  bool analysis = opt.what == "analysis";
  if (!analysis && !opt.sets.empty()) return c.error(core::make_error(core::ExitCode::usage, "cli.confirm_set_only_analysis"));
  // The person typed the command that confirms: that is the answer, nothing is asked.
  const flow::Answer typed{opt.user_words.empty() ? command_line(opt) : opt.user_words, true};
  auto end = analysis
                 ? flow::confirm_analysis(wd, {opt.sets, opt.digest, "", false, {}}, [&](const flow::AnalysisQuestion&) { return typed; })
                 : flow::confirm_plan(wd, {opt.digest, ""}, [&](const flow::PlanQuestion&) { return typed; });
  if (!end) return c.error(end.error());
  // A typed command is always a yes: the flow ends confirmed.
  render_confirmed(c, wd, std::get<flow::checkpoint_end::Confirmed>(*end).outcome, analysis, opt.in_flow);
  return 0;
}

void add_confirm_command(CLI::App& app, const HelpText& help, CommandFn& selected) {
  auto opt = std::make_shared<ConfirmOptions>();
  auto* sub = app.add_subcommand("confirm", help("help.confirm.summary"));
  sub->add_option("what", opt->what, help("help.confirm.what"))->required()->check(one_of(help, {"analysis", "plan"}));
  sub->add_option("--set", opt->sets, help("help.confirm.set"))->take_all()->expected(1);
  sub->add_option("--digest", opt->digest, help("help.confirm.digest"));
  sub->callback([&selected, opt] { selected = [opt](Context& ctx) { return run_confirm_command(ctx, *opt); }; });
}

}  // namespace cli
