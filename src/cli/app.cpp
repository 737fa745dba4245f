#include "cli/app.h"

#include <CLI/CLI.hpp>

#include "cli/commands.h"
#include "cli/console.h"
#include "core/exit_code.h"
#include "core/fs.h"
#include "core/messages.h"
#include "core/version.h"

namespace cli {

ParsedCommandLine parse_command_line(int argc, char** argv) {
  ParsedCommandLine out;
  CLI::App app{"quark-ptq: from a Hugging Face model to a verified AMD Quark quantized model, in four checkpoints"};
  app.set_version_flag("--version", std::string(core::tool_version()));
  app.require_subcommand(1);
  app.fallthrough();

  std::string workdir = ".";
  bool json_mode = false;
  std::string lang_opt;
  app.add_option("--workdir", workdir, "Directory holding the artifacts and logs/ (default: current directory)");
  app.add_flag("--json", json_mode, "Machine output on stdout; human text on stderr");
  app.add_option("--lang", lang_opt, "Language of messages: en or ja (default: from the locale)")
      ->check(CLI::IsMember({"en", "ja"}));

  CommandFn selected;
  add_analyze_command(app, selected);
  add_confirm_command(app, selected);
  add_plan_command(app, selected);
  add_prepare_command(app, selected);
  add_run_command(app, selected);
  add_accept_command(app, selected);
  add_followup_command(app, selected);
  add_start_command(app, selected);
  add_status_command(app, selected);
  add_verify_command(app, selected);
  add_env_command(app, selected);
  add_validate_command(app, selected);
  add_data_command(app, selected);
  add_evaluate_command(app, selected);
  add_mcp_command(app, selected);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int rc = app.exit(e);
    // CLI11 uses 0 for --help/--version and its own codes for errors; ours is one table.
    if (rc == 0) {
      out.exit_code = 0;
      return out;
    }
    // With --json stdout still carries one document, the error (--json may not be parsed yet).
    for (int i = 1; i < argc; ++i) {
      if (std::string_view(argv[i]) != "--json") continue;
      core::Lang lang = lang_opt.empty() ? core::lang_from_environment() : core::parse_lang(lang_opt).value_or(core::Lang::en);
      Console(lang, true).error_document(core::make_error(core::ExitCode::usage, "cli.usage_error").with("text", e.what()));
      break;
    }
    out.exit_code = core::to_int(core::ExitCode::usage);
    return out;
  }

  out.lang = lang_opt.empty() ? core::lang_from_environment() : *core::parse_lang(lang_opt);
  out.json = json_mode;
  if (!selected) {
    out.exit_code = core::to_int(core::ExitCode::usage);
    return out;
  }
  out.command = std::move(selected);
  out.workdir = core::absolute_path(workdir);
  return out;
}

int run_app(int argc, char** argv) {
  ParsedCommandLine line = parse_command_line(argc, argv);
  if (line.exit_code) return *line.exit_code;
  Console console(line.lang, line.json);
  Context ctx{console, line.workdir};
  return console.finish(line.command(ctx));
}

}  // namespace cli
