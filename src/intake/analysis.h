// Builds model_analysis.json from a model's files: config facts, the Quark template and its
// default exclusions per known Quark version, the exact inventory from safetensors headers
// (or an estimate from config, with its method), and the risks.
#pragma once

#include <optional>
#include <string>

#include "core/json_io.h"
#include "intake/model_files.h"

namespace intake {

struct SourceInfo {
  std::string kind;        // local, hf_cache, hub
  std::string input;       // what the user typed
  std::string model_path;  // absolute real path, or the repo id verbatim
  std::optional<std::string> repo_id;
  std::optional<std::string> revision;
  std::optional<std::string> commit;
  std::optional<std::string> endpoint;
  std::optional<std::string> snapshot_dir;
  bool offline = false;    // HF_HUB_OFFLINE: a cache snapshot may lack files
};

// The artifact, not yet validated or written. Errors are bad input (config missing or
// malformed, a broken header or index) or network failures from `files`. `header_threads`:
// how many threads read shard headers (0: as many as pay on this machine; the artifact and
// the error reported are the same for any count).
core::Result<core::Json> analyze_files(ModelFiles& files, const SourceInfo& source, unsigned header_threads = 0);

}  // namespace intake
