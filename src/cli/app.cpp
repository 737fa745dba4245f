#include "cli/option_checks.h"
#include "cli/app.h"

#include <CLI/CLI.hpp>

#include "cli/commands.h"
#include "cli/console.h"
#include "cli/help_text.h"
#include "cli/usage_error.h"
#include "core/exit_code.h"
#include "core/fs.h"
#include "core/messages.h"
#include "core/sha256.h"
#include "core/version.h"

namespace cli {

void define_command_line(CLI::App& app, const HelpText& help, GlobalOptions& global, CommandFn& selected) {
  app.description(help("help.global.summary"));
  use_help_frame(app, help);
  app.set_version_flag("--version", std::string(core::tool_version()), help("help.flag.version"));
  app.require_subcommand(1);
  app.fallthrough();

  app.add_option("--workdir", global.workdir, help("help.global.workdir"));
  app.add_flag("--json", global.json, help("help.global.json"));
  app.add_option("--lang", global.lang, help("help.global.lang"))->check(one_of(help, {"en", "ja"}));

  add_analyze_command(app, help, selected);
  add_confirm_command(app, help, selected);
  add_plan_command(app, help, selected);
  add_prepare_command(app, help, selected);
  add_run_command(app, help, selected);
  add_accept_command(app, help, selected);
  add_followup_command(app, help, selected);
  add_start_command(app, help, selected);
  add_status_command(app, help, selected);
  add_verify_command(app, help, selected);
  add_env_command(app, help, selected);
  add_validate_command(app, help, selected);
  add_data_command(app, help, selected);
  add_evaluate_command(app, help, selected);
  add_report_command(app, help, selected);
  add_mcp_command(app, help, selected);
  add_docs_commands(app, help, selected);
}

ParsedCommandLine parse_command_line(int argc, char** argv) {
  ParsedCommandLine out;
  CLI::App app;
  // The name people type, not argv[0] (an absolute path when run from a build directory).
  app.name("quark-ptq");
  GlobalOptions global;
  CommandFn selected;
  const core::Lang early_lang = help_lang(argc, argv);
  define_command_line(app, HelpText(early_lang), global, selected);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help and --version are CLI11's "errors" with code 0: it prints them.
    if (e.get_exit_code() == 0) {
      out.exit_code = app.exit(e);
      return out;
    }
    // A refusal is ours: one line in the run's language, and with --json one document on
    // stdout (--json may not be bound yet, so argv is read for it, as for --lang).
    bool json = false;
    for (int i = 1; i < argc; ++i) {
      if (std::string_view(argv[i]) == "--") break;
      if (std::string_view(argv[i]) == "--json") json = true;
    }
    out.exit_code = Console(early_lang, json).error(usage_error(e, app));
    return out;
  }

  out.lang = global.lang.empty() ? core::lang_from_environment() : *core::parse_lang(global.lang);
  out.json = global.json;
  if (!selected) {
    out.exit_code = core::to_int(core::ExitCode::usage);
    return out;
  }
  out.command = std::move(selected);
  out.workdir = core::absolute_path(global.workdir);
  return out;
}

int run_app(int argc, char** argv) {
  ParsedCommandLine line = parse_command_line(argc, argv);
  if (line.exit_code) return *line.exit_code;
  Console console(line.lang, line.json);
  console.set_workdir(line.workdir);
  // Digests are bound into artifacts everywhere (core/sha256.h): without libcrypto the binary
  // stops here, as if linked to a missing library, before a command has written anything.
  if (auto crypto = core::load_crypto(); !crypto) return console.finish(console.error(crypto.error()));
  Context ctx{console, line.workdir};
  return console.finish(line.command(ctx));
}

}  // namespace cli
