// quark-ptq's inspection of a quantized output directory (step 4, and `quark-ptq verify`).
// It reads headers and small files only, except for hashing: every file is hashed, and the
// excluded layers' tensor data is compared with the source by hash when a local source is
// given. The result never depends on quark-cli's exit status. Files are hashed on their own
// threads while the other checks (headers, config, layers, the byte comparison with the
// source) run beside them; the report is the same as if they had run one after the other.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/json_io.h"
#include "plan/plan_file.h"
#include "verify/report.h"

namespace verify {

// Hashing progress, called on the thread that called verify_output() about twice a second
// while files are still being hashed (never when hashing ends within the first second).
class VerifyProgress {
 public:
  virtual ~VerifyProgress() = default;
  virtual void on_hashing(std::uint64_t bytes_done, std::uint64_t bytes_total) = 0;
};

struct VerifyOptions {
  core::fs::path output_dir;
  std::optional<plan::PlanFile> plan;        // quant_plan.json, as plan::read_plan_file read it
  std::optional<core::fs::path> source_dir;  // a local source model
  bool evaluation_expected = false;          // the command evaluates (no --skip_evaluation)
  std::optional<double> perplexity;          // parsed from the run log
  std::string evaluation_failure;            // set when evaluation failed after the export
  unsigned threads = 0;                      // hashing threads; 0: all cores
  // Digests taken while the run was still writing (EarlyHasher): reused for files whose
  // stamp has not changed since, everything else is hashed.
  StampedDigests earlier;
  VerifyProgress* progress = nullptr;
};

VerifyReport verify_output(const VerifyOptions& options);

}  // namespace verify
