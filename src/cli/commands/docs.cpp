// quark-ptq completion bash / quark-ptq man: documents made from the command line itself (the
// app define_command_line() builds, in the run's language), printed on stdout; with --json,
// one document {"text": ...}.
#include <iostream>
#include <memory>

#include "cli/app.h"
#include "cli/command_tree.h"
#include "cli/commands.h"
#include "cli/completion_script.h"
#include "cli/man_page.h"
#include "cli/option_checks.h"

namespace cli {

namespace {

CommandDoc tree_in(core::Lang lang) {
  CLI::App app;
  app.name("quark-ptq");
  GlobalOptions global;
  CommandFn selected;
  define_command_line(app, HelpText(lang), global, selected);
  return command_tree(app);
}

int print(const Console& console, const std::string& text) {
  if (console.json_mode()) {
    console.json(core::Json{{"text", text}});
  } else {
    std::cout << text << std::flush;
  }
  return 0;
}

}  // namespace

void add_docs_commands(CLI::App& app, const HelpText& help, CommandFn& selected) {
  auto shell = std::make_shared<std::string>();
  auto* completion = app.add_subcommand("completion", help("help.completion.summary"));
  completion->add_option("shell", *shell, help("help.completion.shell"))->required()->check(one_of(help, {"bash"}));
  // The callback holds `shell`: the option writes into it when the line is parsed, after this
  // function has returned.
  completion->callback(
      [&selected, shell] { selected = [](Context& ctx) { return print(ctx.console, bash_completion(tree_in(ctx.console.lang()))); }; });
  auto* man = app.add_subcommand("man", help("help.man.summary"));
  man->callback([&selected] {
    selected = [](Context& ctx) { return print(ctx.console, man_page(ctx.console.lang(), tree_in(ctx.console.lang()))); };
  });
}

}  // namespace cli
