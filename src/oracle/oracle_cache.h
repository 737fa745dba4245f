// Oracle answers kept on disk, keyed by the config.json digest and the library versions that
// gave them (a newer transformers may build a different model from the same config). One JSON
// file per key under the cache directory; written atomically; a file that does not parse is a
// miss, never an error. Beside each file, <file>.mac: its HMAC under this user's secret
// (core::local_secret), so that an answer someone else planted or edited in the cache directory
// is a miss too; without a secret nothing is kept or read.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "core/result.h"
#include "oracle/model_oracle.h"

namespace oracle {

class OracleCache {
 public:
  OracleCache(std::filesystem::path dir, std::string secret) : m_dir(std::move(dir)), m_secret(std::move(secret)) {}

  std::optional<OracleAnswer> find(const std::string& config_sha256, const LibraryVersions& versions) const;
  core::Result<void> store(const std::string& config_sha256, const LibraryVersions& versions, const OracleAnswer& answer) const;
  std::filesystem::path path_for(const std::string& config_sha256, const LibraryVersions& versions) const;

  // $XDG_CACHE_HOME/quark-ptq/oracle, else ~/.cache/quark-ptq/oracle.
  static std::filesystem::path default_dir();

 private:
  std::filesystem::path m_dir;
  std::string m_secret;
};

// What intake and the flows call: the cached answer for `config` when `expected` versions are
// known and cached, else a fresh run (then stored). `config` is a config.json or its directory.
struct OracleRequest {
  std::string python;
  std::filesystem::path config;
  std::filesystem::path cache_dir = OracleCache::default_dir();
  std::optional<LibraryVersions> expected;  // e.g. from the environment probe; none: always run
  std::string cache_secret;                 // core::local_secret; "": nothing kept or read
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
