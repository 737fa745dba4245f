// The machine-readable documents of each step: what `--json` prints on stdout and what the MCP
// server's tools return as structured content. One builder per document, so the two front
// ends cannot drift apart. Texts inside (the next action, error messages) are in `lang`.
#pragma once

#include <filesystem>
#include <string>

#include "core/error.h"
#include "core/json_io.h"
#include "core/messages.h"
#include "flow/comparison_run.h"
#include "flow/plan_flow.h"
#include "flow/run_flow.h"
#include "manifest/comparison_prepare.h"
#include "manifest/prepare_flow.h"
#include "workflow/confirm.h"
#include "workflow/state.h"

namespace flow {

// A `quark-ptq ...` command as the person types it for `workdir`: with `--workdir DIR` after
// `quark-ptq` when the workdir is not the current directory (relative when below it); each of
// the alternatives "A / B" alike.
std::string user_command(const std::filesystem::path& workdir, const std::string& command);
// The same with the workdir always absolute: for a reader whose current directory is not ours
// (the person behind an MCP client, whose terminal is not the server's working directory).
std::string user_command_absolute(const std::filesystem::path& workdir, const std::string& command);
// The error with every `quark-ptq ...` argument as user_command_absolute writes it.
core::Error with_workdir_absolute(core::Error e, const std::filesystem::path& workdir);
// An evaluation verdict as recorded ("pass", "fail", "indeterminate", "not-run") in `lang`.
std::string evaluation_verdict_text(core::Lang lang, std::string verdict);
// Message arguments as the person reads them in `lang`: an evaluation {verdict} in words, and a
// {reason} that comes with a {reason_id} rendered from the catalog with its {reason.NAME}
// arguments (workflow::evaluation_reason_args); the others as they are.
std::vector<core::MessageArg> localized_args(core::Lang lang, std::vector<core::MessageArg> args);
// The error with localized_args.
core::Error localized(core::Lang lang, core::Error e);
// The next action's text in `lang`, its commands as the person types them.
std::string next_action_text(core::Lang lang, const workflow::WorkflowStatus& status);
// {"id", "text", "command"}.
core::Json next_action_json(core::Lang lang, const workflow::WorkflowStatus& status);

// {"error": {"exit_code", "id", "message", "args", "detail"}}, credentials in URLs redacted.
core::Json error_document(core::Lang lang, const core::Error& e);

// status: the workflow status with "workdir" and "next_action".
core::Json status_document(core::Lang lang, const workflow::WorkflowStatus& status);
// plan: the plan as written, or {"valid": false, "written": false, "problems": [...]}.
core::Json plan_document(const PlanOutcome& outcome);
// prepare: {"manifest_path", "ready", "digest", "display", "manifest"}.
core::Json prepare_document(const manifest::PrepareResult& prepared);
// confirm analysis / confirm plan: {"checkpoint", "already_confirmed", "confirmation", "next_action"}.
core::Json confirm_document(core::Lang lang, const workflow::Workdir& wd, const workflow::ConfirmOutcome& outcome,
                            bool accepted_risks = false);
// run: {"manifest", "run", "result", "evaluation", "report" (report.html's path, null when it
// could not be written), "exit_code"}.
core::Json run_document(const RunOutcome& outcome);
// run --json: the same with "next_action", the one status --json gives for the workdir after
// the run, so the two never disagree (null when the workdir cannot be evaluated).
core::Json run_document(core::Lang lang, const RunOutcome& outcome);
// prepare of a comparison: {"artifact": "comparison_prepared", "path", "ready", "digest",
// "comparison_manifest", "candidates": [prepare_document of each], "lanes": [[names]...],
// "runs_as": "one_after_another" | "side_by_side" | "slurm_jobs"}.
core::Json comparison_prepared_document(const manifest::ComparisonPrepared& prepared);
// run of a comparison: {"artifact": "comparison_run", "digest", "interrupted", "exit_code",
// "candidates": [{name, skipped, exit_code, error}], "table" (comparison_table.h; null when the
// workdir cannot be read), "report", "next_action"}.
core::Json comparison_run_document(core::Lang lang, const ComparisonOutcome& outcome);
// accept / followup: {"checkpoint": 4, "confirmation", "next_action"}.
core::Json decision_document(core::Lang lang, const workflow::Workdir& wd, const workflow::Confirmation& confirmation);

}  // namespace flow
