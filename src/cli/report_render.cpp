#include "cli/report_render.h"

#include <system_error>

namespace cli {

std::string shown_report_path(const std::filesystem::path& path) {
  std::error_code ec;
  const std::filesystem::path cwd = std::filesystem::current_path(ec);
  if (ec) return path.string();
  const std::filesystem::path rel = path.lexically_normal().lexically_relative(cwd.lexically_normal());
  return !rel.empty() && *rel.begin() != ".." ? rel.string() : path.string();
}

void say_report(const Console& console, const core::Result<std::filesystem::path>& written) {
  if (written) {
    console.say("report.written", {{"path", shown_report_path(*written)}});
  } else {
    console.warn(console.t("report.write_failed", {{"error", core::render_error(console.lang(), written.error())}}));
  }
}

}  // namespace cli
