// `verify` as a flow: the paths as the person gave them, resolved against the current
// directory and checked (a missing or wrong path is bad input, not a failed verification:
// there is nothing to verify), then verify::verify_output. The CLI command and the MCP tool
// both call it, so the two cannot check differently.
#pragma once

#include <string>

#include "core/error.h"
#include "core/result.h"
#include "verify/report.h"
#include "verify/verify_output.h"

namespace flow {

struct VerifyRequest {
  std::string output_dir;                      // required
  std::string plan;                            // quant_plan.json to check against ("" none)
  std::string source;                          // a local source model directory ("" none)
  unsigned threads = 0;                        // hashing threads; 0: all cores
  verify::VerifyProgress* progress = nullptr;  // bytes hashed as they go (the CLI's progress line)
};

// Errors (bad_input): verify.path_missing, verify.path_not_directory, verify.plan_unreadable,
// verify.source_not_local. A verification that ran is a report, whatever it found.
core::Result<verify::VerifyReport> verify(const VerifyRequest& request);

// 0 when the report passes, verify_failed (10) otherwise.
core::ExitCode verify_exit_code(const verify::VerifyReport& report);

}  // namespace flow
