// Where a model was found, as model_analysis.json's "source" records it.
#pragma once

#include <optional>
#include <string>

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

}  // namespace intake
