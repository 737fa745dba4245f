#include "workflow/launch_checks.h"

#include <system_error>

#include "core/fs.h"
#include "core/messages.h"
#include "core/model_identity.h"

namespace workflow {

core::Result<void> check_model_unchanged(const RecordedCommand& cmd) {
  // A Hub model runs from the snapshot of its commit (manifest/prepare_flow.cpp): those files.
  const core::Json* snapshot = core::json_object(cmd.model, "snapshot");
  const core::Json& local = snapshot != nullptr ? *snapshot : cmd.model;
  if (core::json_string(local, "kind").value_or("") != "local") return core::ok();
  std::string path = core::json_string(local, "path").value_or("");
  auto changed = [&](const std::string& what) {
    return core::make_error(core::ExitCode::stale, "workflow.model_changed").with("path", path).with("change", what);
  };
  auto now = core::local_model_identity(path);
  if (!now) return changed(core::render_error(core::Lang::en, now.error()));
  std::string diff = core::identity_difference(local, *now);
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
