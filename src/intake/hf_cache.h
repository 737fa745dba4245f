// The Hugging Face hub cache layout (huggingface_hub's file_download.py):
//   <cache>/models--<org>--<name>/refs/<revision>   holds a commit sha
//   <cache>/models--<org>--<name>/snapshots/<sha>/  the files (symlinks into blobs/)
#pragma once

#include <optional>
#include <string>

#include "core/fs.h"

namespace intake {

struct CachedSnapshot {
  core::fs::path dir;
  std::string commit;
};

// The snapshot for repo_id at revision (a branch/tag via refs/, or a commit sha directly),
// when it exists and holds config.json.
std::optional<CachedSnapshot> find_cached_snapshot(const core::fs::path& cache_dir, const std::string& repo_id,
                                                   const std::string& revision);

}  // namespace intake
