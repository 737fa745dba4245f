// Where a model was found, as model_analysis.json's "source" records it.
#pragma once

#include <optional>
#include <string>

#include "core/json_io.h"

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
  bool offline = false;  // HF_HUB_OFFLINE: a cache snapshot may lack files
  // What checkpoint 1 confirms the model to be: a local directory's files
  // (core/model_identity.h) or the Hub commit. prepare binds it into the command's digest and
  // run checks it again before launch.
  core::Json identity = core::Json(nullptr);
};

}  // namespace intake
