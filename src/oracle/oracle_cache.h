// Oracle answers kept on disk, keyed by the config.json digest and the library versions that
// gave them (a newer transformers may build a different model from the same config). One JSON
// file per key under the cache directory; written atomically; a file that does not parse is a
// miss, never an error.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "core/result.h"
#include "oracle/model_oracle.h"

namespace oracle {

class OracleCache {
 public:
  explicit OracleCache(std::filesystem::path dir) : m_dir(std::move(dir)) {}

  std::optional<OracleAnswer> find(const std::string& config_sha256, const LibraryVersions& versions) const;
  core::Result<void> store(const std::string& config_sha256, const LibraryVersions& versions, const OracleAnswer& answer) const;
  std::filesystem::path path_for(const std::string& config_sha256, const LibraryVersions& versions) const;

  // $XDG_CACHE_HOME/quark-ptq/oracle, else ~/.cache/quark-ptq/oracle.
  static std::filesystem::path default_dir();

 private:
  std::filesystem::path m_dir;
};

// What intake and the flows call: the cached answer for `config` when `expected` versions are
// known and cached, else a fresh run (then stored). `config` is a config.json or its directory.
struct OracleRequest {
  std::string python;
  std::filesystem::path config;
  std::filesystem::path cache_dir = OracleCache::default_dir();
  std::optional<LibraryVersions> expected;  // e.g. from the environment probe; none: always run
  double timeout_seconds = 300;
};

struct OracleResult {
  OracleAnswer answer;
  LibraryVersions versions;
  bool from_cache = false;
};

core::Result<OracleResult> model_oracle(const OracleRequest& request);

// JSON of one answer in the script's own model form, with "versions" added (what the cache
// files and the zoo fixtures hold).
std::string answer_to_json(const OracleAnswer& answer, const LibraryVersions& versions);

}  // namespace oracle
