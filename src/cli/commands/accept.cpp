// quark-ptq accept  (checkpoint 4: accept the verified result)
#include <memory>

#include "cli/commands.h"
#include "cli/commands/decide.h"
#include "cli/next_step.h"
#include "cli/summaries.h"
#include "workflow/decide.h"

namespace cli {

namespace {

int report(Context& ctx, const workflow::Confirmation& conf, const char* done_id) {
  const Console& c = ctx.console;
  workflow::Workdir wd{ctx.workdir};
  c.say(done_id, {{"digest", conf.digest}, {"text", conf.followup}});
  auto status = workflow::evaluate(wd);
  if (c.json_mode()) {
    core::Json out = {{"checkpoint", 4}, {"confirmation", workflow::confirmation_to_json(conf)}};
    if (status) out["next_action"] = next_json(c, *status);
    c.json(out);
  }
  if (status) say_next(c, *status);
  return 0;
}

}  // namespace

int run_accept_command(Context& ctx, const DecideOptions& opt) {
  workflow::Workdir wd{ctx.workdir};
  auto conf = workflow::accept_result(wd, opt.user_words.empty() ? "quark-ptq accept" : opt.user_words);
  if (!conf) return ctx.console.error(conf.error());
  return report(ctx, *conf, "cli.accept_done");
}

int run_followup_command(Context& ctx, const DecideOptions& opt) {
  workflow::Workdir wd{ctx.workdir};
  auto conf = workflow::request_followup(wd, opt.text);
  if (!conf) return ctx.console.error(conf.error());
  return report(ctx, *conf, "cli.followup_done");
}

void add_accept_command(CLI::App& app, CommandFn& selected) {
  auto opt = std::make_shared<DecideOptions>();
  auto* sub = app.add_subcommand("accept", "Checkpoint 4: accept the verified result");
  sub->callback([&selected, opt] { selected = [opt](Context& ctx) { return run_accept_command(ctx, *opt); }; });
}

}  // namespace cli
