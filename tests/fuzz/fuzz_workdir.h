// The workdir of the artifact fuzz targets: an empty directory made once per process under
// $TMPDIR (else /dev/shm) and removed at exit. Each input is written as one artifact and read back through
// workflow::status_of(), the reader of `status`, `run` and every step's checkpoint check.
// A real run's artifacts (tests/fixtures/quark/0.13/h200-zoo/runs/olmo_fp8) are at hand for
// the readers that take two artifacts at once.
#pragma once

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <string_view>

#include "core/json_io.h"
#include "workflow/workdir.h"

namespace fuzz {

// $TMPDIR, else /dev/shm where there is one: every execution writes and reads its input
// there, and a tmpfs keeps that off the disk.
inline std::string scratch_root() {
  const char* tmp = std::getenv("TMPDIR");
  if (tmp != nullptr && *tmp != '\0') return tmp;
  return ::access("/dev/shm", W_OK | X_OK) == 0 ? "/dev/shm" : "/tmp";
}

// The recorded run beside each input: $QPTQ_FUZZ_FIXTURES when set (the device bundle of
// scripts/device/bundle-fuzzers.sh carries a copy), else the checkout's.
inline std::filesystem::path fixture_dir() {
  const char* dir = std::getenv("QPTQ_FUZZ_FIXTURES");
  if (dir != nullptr && *dir != '\0') return dir;
  return std::filesystem::path(QPTQ_SOURCE_DIR) / "tests/fixtures/quark/0.13/h200-zoo/runs/olmo_fp8";
}

inline workflow::Workdir empty_workdir() {
  // Never destroyed: the exit handler below still needs it after static destructors ran.
  static const std::filesystem::path* root = [] {
    std::string pattern = scratch_root() + "/qptq-fuzz-XXXXXX";
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
    std::filesystem::path p = fixture_dir() / name;
    auto doc = core::read_json_file(p);
    if (!doc) std::abort();
    it = all.emplace(name, std::move(doc).value()).first;
  }
  return it->second;
}

}  // namespace fuzz
