// quark-ptq's inspection of a quantized output directory (step 4, and `quark-ptq verify`).
// It reads headers and small files only, except for hashing: every file is hashed, and the
// excluded layers' tensor data is compared with the source by hash when a local source is
// given. The result never depends on quark-cli's exit status.
#pragma once

#include <optional>
#include <string>

#include "core/json_io.h"
#include "verify/report.h"

namespace verify {

struct VerifyOptions {
  core::fs::path output_dir;
  std::optional<core::Json> plan;           // quant_plan.json
  std::optional<core::fs::path> source_dir; // a local source model
  bool evaluation_expected = false;         // the command evaluates (no --skip_evaluation)
  std::optional<double> perplexity;         // parsed from the run log
  std::string evaluation_failure;           // set when evaluation failed after the export
  unsigned threads = 0;                     // hashing threads; 0: all cores
};

VerifyReport verify_output(const VerifyOptions& options);

}  // namespace verify
