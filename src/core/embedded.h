// Data files compiled into the binary (schemas, Quark knowledge, message catalogs), keyed
// by their path relative to the repository root, e.g. "references/contracts/x.schema.json".
#pragma once

#include <optional>
#include <string_view>
#include <vector>

namespace core {

struct EmbeddedFile {
  std::string_view path;
  std::string_view content;
};

const std::vector<EmbeddedFile>& embedded_files();

inline std::optional<std::string_view> embedded_file(std::string_view path) {
  for (const auto& f : embedded_files()) {
    if (f.path == path) return f.content;
  }
  return std::nullopt;
}

}  // namespace core
