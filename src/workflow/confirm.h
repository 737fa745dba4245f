// Checkpoints 1 and 2: confirming (and at checkpoint 1, correcting) the analysis and the
// plan. The command-line front ends (confirm analysis / confirm plan, and start) are thin
// wrappers over these, so the rules live in one place and are unit-tested here.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/json_io.h"
#include "core/result.h"
#include "workflow/checkpoint.h"
#include "workflow/workdir.h"

namespace workflow {

struct ConfirmRequest {
  std::vector<std::string> sets;  // checkpoint 1 only: "KEY=VALUE" corrections
  std::string expect_digest;      // optional: refuse unless the artifact (before corrections) has this digest
  std::string user_words;         // what the user typed, or the command line
};

struct ConfirmOutcome {
  Confirmation confirmation;
  bool already = false;  // the same content was confirmed before; nothing was recorded
  core::Json doc;        // the artifact as confirmed
};

// Checkpoint 1. Errors: bad_input (missing / unreadable / invalid analysis, or corrections
// that make it invalid: then nothing is written), usage (malformed --set), stale
// (expect_digest no longer matches).
// `via` is recorded as Confirmation::via ("" = the terminal or the command line).
core::Result<ConfirmOutcome> confirm_analysis(const Workdir& wd, const ConfirmRequest& req, std::string_view via = {});

// Checkpoint 2: writes the plan with requires_confirmation false (through its one writer: a
// plan of an earlier release comes out in this release's layout) and records the confirmation
// of what was written.
// Errors: not_confirmed / stale (checkpoint 1), bad_input (missing or invalid plan), stale
// (plan built from another analysis, or expect_digest no longer matches).
core::Result<ConfirmOutcome> confirm_plan(const Workdir& wd, const ConfirmRequest& req, std::string_view via = {});

// Every check of confirm_analysis / confirm_plan for `req`, nothing recorded or written: a
// front end that asks the person by other means (the MCP server) asks only what can be
// confirmed. The errors are those of the two functions above.
core::Result<void> check_analysis_confirmable(const Workdir& wd, const ConfirmRequest& req);

// The analysis as confirm_analysis would confirm it with `req.sets`, nothing written: the
// corrected document as it would be written and each change, so a correction is shown for a
// second look before it is confirmed. The errors are confirm_analysis's.
struct AnalysisPreview {
  core::Json doc;
  std::vector<artifacts::AppliedCorrection> corrections;
};
core::Result<AnalysisPreview> preview_analysis(const Workdir& wd, const ConfirmRequest& req);
core::Result<void> check_plan_confirmable(const Workdir& wd, const ConfirmRequest& req);

}  // namespace workflow
