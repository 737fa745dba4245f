// Each command lives in commands/<name>.cpp and registers itself on the CLI11 app. When the
// user picks it, its callback stores the function to run in `selected`.
#pragma once

#include <CLI/CLI.hpp>

#include "cli/context.h"
#include "cli/help_text.h"

namespace cli {

void add_analyze_command(CLI::App& app, const HelpText& help, CommandFn& selected);
void add_confirm_command(CLI::App& app, const HelpText& help, CommandFn& selected);
void add_plan_command(CLI::App& app, const HelpText& help, CommandFn& selected);
void add_prepare_command(CLI::App& app, const HelpText& help, CommandFn& selected);
void add_run_command(CLI::App& app, const HelpText& help, CommandFn& selected);
void add_accept_command(CLI::App& app, const HelpText& help, CommandFn& selected);
void add_followup_command(CLI::App& app, const HelpText& help, CommandFn& selected);
void add_start_command(CLI::App& app, const HelpText& help, CommandFn& selected);
void add_status_command(CLI::App& app, const HelpText& help, CommandFn& selected);
void add_verify_command(CLI::App& app, const HelpText& help, CommandFn& selected);
void add_env_command(CLI::App& app, const HelpText& help, CommandFn& selected);
void add_validate_command(CLI::App& app, const HelpText& help, CommandFn& selected);
void add_data_command(CLI::App& app, const HelpText& help, CommandFn& selected);
void add_evaluate_command(CLI::App& app, const HelpText& help, CommandFn& selected);
void add_report_command(CLI::App& app, const HelpText& help, CommandFn& selected);
void add_mcp_command(CLI::App& app, const HelpText& help, CommandFn& selected);
// `completion` and `man`: documents made from this command line.
void add_docs_commands(CLI::App& app, const HelpText& help, CommandFn& selected);

}  // namespace cli
