#include "flow/analysed_config.h"

#include <string>

#include "core/fs.h"

namespace flow {

std::optional<std::filesystem::path> analysed_config_on_disk(const intake::AnalysisFile& analysis) {
  const std::string snapshot = analysis.source ? analysis.source->snapshot_dir.value_or("") : "";
  for (const std::string& dir : {analysis.model_path, snapshot}) {
    if (dir.empty() || dir.front() != '/') continue;
    std::filesystem::path config = std::filesystem::path(dir) / "config.json";
    if (core::exists(config)) return config;
  }
  return std::nullopt;
}

}  // namespace flow
