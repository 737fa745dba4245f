#include "intake/analyze.h"

#include <optional>
#include <system_error>

#include "core/model_identity.h"
#include "core/text.h"
#include "intake/analysis.h"
#include "intake/hf_cache.h"
#include "intake/hub_files.h"
#include "intake/model_files.h"
#include "intake/repo_id.h"
#include "intake/safetensors_index.h"

namespace intake {

namespace {

bool looks_like_path(const std::string& s) {
  return s.empty() || s[0] == '/' || s[0] == '.' || s[0] == '~' || s.find('\\') != std::string::npos || s.find("//") != std::string::npos ||
         (s.size() > 1 && s.back() == '/');
}

core::Result<core::Json> analyze_local(const std::string& input, const OracleLinears* oracle) {
  core::fs::path p(input);
  std::error_code ec;
  auto st = core::fs::symlink_status(p, ec);
  if (ec || !core::fs::exists(st)) {
    return core::make_error(core::ExitCode::bad_input, "intake.model_dir_missing").with("path", input);
  }
  QPTQ_TRY_ASSIGN(core::fs::path real, core::real_path(p));
  // The path goes into model_analysis.json (JSON: UTF-8 only) and, from there, into quark-cli's
  // argv: a name that is not UTF-8 would be recorded garbled and fail only at prepare.
  if (!core::is_utf8(real.string())) {
    return core::make_error(core::ExitCode::bad_input, "intake.model_path_not_utf8").with("path", real.string());
  }
  if (!core::is_directory(real)) {
    return core::make_error(core::ExitCode::bad_input, "intake.model_not_directory").with("path", real.string());
  }
  if (!core::exists(real / "config.json")) {
    return core::make_error(core::ExitCode::bad_input, "intake.config_missing").with("path", (real / "config.json").string());
  }
  LocalModelFiles files(real);
  SourceInfo src;
  src.kind = "local";
  src.input = input;
  src.model_path = real.string();
  QPTQ_TRY_ASSIGN(src.identity, core::local_model_identity(real));
  return analyze_files(files, src, 0, oracle);
}

// True when every weight file the snapshot's index (or single shard) names is present.
bool snapshot_complete(const core::fs::path& dir) {
  auto index = core::read_range(dir / "model.safetensors.index.json", 0, kMaxSmallFileBytes);
  if (!index) return core::is_regular_file(dir / "model.safetensors");
  auto parsed = parse_index(*index, "index");
  if (!parsed) return false;
  for (const auto& s : parsed->shards) {
    if (!core::is_regular_file(dir / s)) return false;
  }
  return true;
}

core::Result<core::Json> analyze_repo(const std::string& repo, const AnalyzeRequest& req) {
  HubSettings hub = req.hub ? *req.hub : hub_settings_from_env();
  std::string revision = req.revision.value_or(kDefaultRevision);
  SourceInfo src;
  src.input = req.model;
  src.model_path = repo;  // kept verbatim: quark-cli --model_dir gets the repo id
  src.repo_id = repo;
  src.revision = revision;
  src.offline = hub.offline;
  auto snap = find_cached_snapshot(hub.cache_dir, repo, revision);
  if (snap && (hub.offline || snapshot_complete(snap->dir))) {
    src.kind = "hf_cache";
    src.commit = snap->commit;
    src.snapshot_dir = snap->dir.string();
    src.identity = {{"kind", "hub"}, {"repo_id", repo}, {"revision", revision}, {"commit", snap->commit}};
    LocalModelFiles files(snap->dir);
    return analyze_files(files, src, 0, req.oracle ? &*req.oracle : nullptr);
  }
  if (hub.offline) {
    return core::make_error(core::ExitCode::network, "intake.offline_not_cached")
        .with("repo", repo)
        .with("revision", revision)
        .with("cache", hub.cache_dir.string());
  }
  src.kind = "hub";
  src.endpoint = hub.endpoint;
  HubModelFiles files(repo, revision, hub);
  // The listing comes first so that the pinned commit is known before any file is read.
  QPTQ_TRY(files.list());
  src.commit = files.commit().empty() ? std::optional<std::string>{} : std::optional<std::string>(files.commit());
  if (src.commit) src.identity = {{"kind", "hub"}, {"repo_id", repo}, {"revision", revision}, {"commit", *src.commit}};
  return analyze_files(files, src, 0, req.oracle ? &*req.oracle : nullptr);
}

}  // namespace

core::Result<core::Json> analyze(const AnalyzeRequest& req) {
  if (req.revision && !is_valid_revision(*req.revision)) {
    return core::make_error(core::ExitCode::usage, "intake.revision_invalid").with("revision", *req.revision);
  }
  std::error_code ec;
  bool on_disk = core::fs::exists(core::fs::symlink_status(req.model, ec));
  if (on_disk || looks_like_path(req.model)) return analyze_local(req.model, req.oracle ? &*req.oracle : nullptr);
  if (is_valid_repo_id(req.model)) return analyze_repo(req.model, req);
  return core::make_error(core::ExitCode::bad_input, "intake.model_invalid").with("model", req.model);
}

}  // namespace intake
