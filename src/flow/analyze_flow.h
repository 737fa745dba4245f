// Step 1 as a flow: intake::analyze (configuration and safetensors headers, never weights)
// and the single write of model_analysis.json into the workdir.
#pragma once

#include <filesystem>

#include "core/json_io.h"
#include "core/result.h"
#include "intake/analyze.h"

namespace flow {

struct Analyzed {
  core::Json analysis;            // as written
  std::filesystem::path path;     // model_analysis.json
};

inline core::Result<Analyzed> analyze(const std::filesystem::path& workdir, const intake::AnalyzeRequest& request) {
  QPTQ_TRY_ASSIGN(core::Json analysis, intake::analyze(request));
  // The single write of the artifact (the workflow hooks checkpoint bookkeeping here).
  QPTQ_TRY_ASSIGN(std::filesystem::path path, intake::write_analysis(workdir, analysis));
  return Analyzed{std::move(analysis), std::move(path)};
}

}  // namespace flow
