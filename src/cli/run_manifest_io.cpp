#include "cli/run_manifest_io.h"

#include <algorithm>

#include "core/atomic_file.h"
#include "core/schema.h"
#include "core/yaml_io.h"

namespace cli {

namespace {

// Depth-first search for a key named like the package whose value is a version string or an
// object with a "version".
std::optional<std::string> find_version(const core::Json& j, const std::vector<std::string>& names, int depth) {
  if (depth > 6 || !j.is_object()) {
    if (depth <= 6 && j.is_array()) {
      for (const auto& item : j) {
        // [{name: ..., version: ...}] lists
        auto n = core::json_string(item, "name");
        auto v = core::json_string(item, "version");
        if (n && v && std::find(names.begin(), names.end(), *n) != names.end()) return v;
        if (auto r = find_version(item, names, depth + 1)) return r;
      }
    }
    return std::nullopt;
  }
  for (const auto& [key, value] : j.items()) {
    if (std::find(names.begin(), names.end(), key) != names.end()) {
      if (value.is_string()) return value.get<std::string>();
      if (auto v = core::json_string(value, "version")) return v;
    }
  }
  for (const auto& [key, value] : j.items()) {
    if (value.is_object() || value.is_array()) {
      if (auto r = find_version(value, names, depth + 1)) return r;
    }
  }
  return std::nullopt;
}

}  // namespace

core::Result<void> ManifestWriter::write() {
  QPTQ_TRY(core::validate_against(m_doc, core::kSchemaRunManifest, m_wd.manifest().string()));
  return core::write_file_atomic(m_wd.manifest(), core::dump_yaml(m_doc));
}

std::string environment_version(const core::Json& manifest, const std::vector<std::string>& names) {
  const core::Json* env = core::json_object(manifest, "environment");
  if (env == nullptr) return "unknown";
  return find_version(*env, names, 0).value_or("unknown");
}

}  // namespace cli
