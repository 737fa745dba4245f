// The workdir of the artifact fuzz targets: an empty directory made once per process under
// $TMPDIR and removed at exit. Each input is written as one artifact and read back through
// workflow::evaluate(), the reader of `status`, `run` and every step's checkpoint check.
// A real run's artifacts (tests/fixtures/quark/0.13/h200-zoo/runs/olmo_fp8) are at hand for
// the readers that take two artifacts at once.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <string_view>

#include "core/json_io.h"
#include "workflow/workdir.h"

namespace fuzz {

inline workflow::Workdir empty_workdir() {
  // Never destroyed: the exit handler below still needs it after static destructors ran.
  static const std::filesystem::path* root = [] {
    const char* tmp = std::getenv("TMPDIR");
    std::string pattern = std::string(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp") + "/qptq-fuzz-XXXXXX";
    if (mkdtemp(pattern.data()) == nullptr) std::abort();
    auto* dir = new std::filesystem::path(pattern);
    std::atexit([] {
      std::error_code ec;
      std::filesystem::remove_all(*root, ec);
    });
    return dir;
  }();
  return workflow::Workdir{*root};
}

inline void write_file(const std::filesystem::path& path, std::string_view bytes) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (!f) std::abort();
}

// One artifact of the recorded olmo_fp8 run, parsed once.
inline const core::Json& fixture_artifact(const char* name) {
  static auto* docs = new std::map<std::string, core::Json>();  // never destroyed, as above
  auto& all = *docs;
  auto it = all.find(name);
  if (it == all.end()) {
    std::filesystem::path p = std::filesystem::path(QPTQ_SOURCE_DIR) / "tests/fixtures/quark/0.13/h200-zoo/runs/olmo_fp8" / name;
    auto doc = core::read_json_file(p);
    if (!doc) std::abort();
    it = all.emplace(name, std::move(doc).value()).first;
  }
  return it->second;
}

}  // namespace fuzz
