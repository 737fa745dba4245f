#include "workflow/launch_checks.h"

#include <system_error>

#include "core/fs.h"
#include "core/messages.h"
#include "core/model_identity.h"

namespace workflow {

core::Result<void> check_model_unchanged(const RecordedCommand& cmd) {
  if (core::json_string(cmd.model, "kind").value_or("") != "local") return core::ok();
  std::string path = core::json_string(cmd.model, "path").value_or("");
  auto changed = [&](const std::string& what) {
    return core::make_error(core::ExitCode::stale, "workflow.model_changed").with("path", path).with("change", what);
  };
  auto now = core::local_model_identity(path);
  if (!now) return changed(core::render_error(core::Lang::en, now.error()));
  std::string diff = core::identity_difference(cmd.model, *now);
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
