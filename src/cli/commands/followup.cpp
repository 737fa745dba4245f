// quark-ptq followup TEXT  (checkpoint 4: a bounded follow-up request instead of acceptance)
#include <memory>

#include "cli/commands.h"
#include "cli/commands/decide.h"

namespace cli {

void add_followup_command(CLI::App& app, const HelpText& help, CommandFn& selected) {
  auto opt = std::make_shared<DecideOptions>();
  auto words = std::make_shared<std::vector<std::string>>();
  auto* sub = app.add_subcommand("followup", help("help.followup.summary"));
  sub->add_option("text", *words, help("help.followup.text"))->required();
  sub->callback([&selected, opt, words] {
    opt->text.clear();
    for (const auto& w : *words) opt->text += (opt->text.empty() ? "" : " ") + w;
    selected = [opt](Context& ctx) { return run_followup_command(ctx, *opt); };
  });
}

}  // namespace cli
