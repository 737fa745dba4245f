#include "workflow/launch_checks.h"

#include <system_error>

#include "core/fs.h"
#include "core/messages.h"
#include "core/model_identity.h"

namespace workflow {

core::Result<void> check_model_unchanged(const RecordedCommand& cmd) {
  if (!cmd.model) return core::ok();
  // A Hub model runs from the snapshot of its commit (manifest/prepare_flow.cpp): those files.
  const artifacts::ModelIdentity& local = cmd.model->files_read();
  if (!local.local()) return core::ok();
  std::string path = local.path.value_or("");
  auto changed = [&](const std::string& what) {
    return core::make_error(core::ExitCode::stale, "workflow.model_changed").with("path", path).with("change", what);
  };
  auto now = core::local_model_identity(path);
  if (!now) return changed(core::render_error(core::Lang::en, now.error()));
  auto read = artifacts::ModelIdentity::from_json(*now);
  if (!read) return changed(core::render_error(core::Lang::en, read.error()));
  std::string diff = artifacts::identity_difference(local, *read);
  if (!diff.empty()) return changed(diff);
  return core::ok();
}

core::Result<void> check_output_dir_still_free(const RecordedCommand& cmd) {
  if (cmd.overwrite || !core::exists(cmd.output_dir)) return core::ok();
  std::error_code ec;
  bool empty = core::is_directory(cmd.output_dir) && std::filesystem::is_empty(cmd.output_dir, ec) && !ec;
  if (empty) return core::ok();
  return core::make_error(core::ExitCode::bad_input, "workflow.output_not_empty").with("path", cmd.output_dir);
}

}  // namespace workflow
