// Where the analysed model's config.json lies on this machine, for the flows that hand it to
// the model oracle (analyze and plan).
#pragma once

#include <filesystem>
#include <optional>

#include "intake/analysis_file.h"

namespace flow {

// The local model directory's config.json, else the one in the Hub snapshot intake read; none
// for a model read over HTTP (no snapshot on disk) or when the file is gone.
std::optional<std::filesystem::path> analysed_config_on_disk(const intake::AnalysisFile& analysis);

}  // namespace flow
