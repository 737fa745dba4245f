#include "intake/hf_cache.h"

#include <algorithm>

#include "intake/repo_id.h"

namespace intake {

std::optional<CachedSnapshot> find_cached_snapshot(const core::fs::path& cache_dir, const std::string& repo_id,
                                                   const std::string& revision) {
  core::fs::path repo_dir = cache_dir / cache_dir_name(repo_id);
  std::string commit;
  if (is_commit_sha(revision)) {
    commit = revision;
  } else {
    auto ref = core::read_range(repo_dir / "refs" / revision, 0, 256);
    if (!ref) return std::nullopt;
    commit = *ref;
    while (!commit.empty() && (commit.back() == '\n' || commit.back() == '\r' || commit.back() == ' ')) commit.pop_back();
    if (!is_commit_sha(commit)) return std::nullopt;
  }
  core::fs::path snap = repo_dir / "snapshots" / commit;
  if (!core::is_regular_file(snap / "config.json")) return std::nullopt;
  return CachedSnapshot{snap, commit};
}

}  // namespace intake
