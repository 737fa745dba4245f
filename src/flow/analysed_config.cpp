#include "flow/analysed_config.h"

#include <string>

#include "core/fs.h"

namespace flow {

std::optional<std::filesystem::path> analysed_config_on_disk(const core::Json& analysis) {
  for (const char* key : {"model/model_path", "source/snapshot_dir"}) {
    const core::Json* dir = core::json_at(analysis, key);
    if (dir == nullptr || !dir->is_string() || dir->get<std::string>().empty() || dir->get<std::string>().front() != '/') continue;
    std::filesystem::path config = std::filesystem::path(dir->get<std::string>()) / "config.json";
    if (core::exists(config)) return config;
  }
  return std::nullopt;
}

}  // namespace flow
