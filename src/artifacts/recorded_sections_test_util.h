// The sections of run_manifest.yaml that the test fixtures keep (recorded by quark-ptq on real
// hosts, several releases), at the top and in `history`: what the round-trip tests read back.
#pragma once

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "core/json_io.h"
#include "core/yaml_io.h"

namespace artifacts_test {

// {file, section} for every object under `key` in every tests/**/run_manifest*.yaml.
inline std::vector<std::pair<std::filesystem::path, core::Json>> recorded_sections(const std::string& key) {
  std::vector<std::pair<std::filesystem::path, core::Json>> out;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(std::filesystem::path(QPTQ_SOURCE_DIR) / "tests")) {
    const std::string name = entry.path().filename().string();
    if (name.find("run_manifest") == std::string::npos || entry.path().extension() != ".yaml") continue;
    auto doc = core::read_yaml_file(entry.path());
    if (!doc || !doc->is_object()) continue;
    if (const core::Json* top = core::json_object(*doc, key)) out.emplace_back(entry.path(), *top);
    if (const core::Json* history = core::json_array(*doc, "history")) {
      for (const auto& h : *history) {
        if (const core::Json* old = core::json_object(h, key)) out.emplace_back(entry.path(), *old);
      }
    }
  }
  return out;
}

}  // namespace artifacts_test
