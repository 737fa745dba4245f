#include "manifest/output_dir.h"

#include <sys/statvfs.h>
#include <unistd.h>

#include "core/fs.h"

namespace manifest {

namespace fs = std::filesystem;

namespace {

// Resolved through symlinks as far as the path exists, so that a link cannot hide nesting.
fs::path resolved(const fs::path& p) {
  std::error_code ec;
  fs::path r = fs::weakly_canonical(p, ec);
  return ec ? p.lexically_normal() : r;
}

bool within(const fs::path& inner, const fs::path& outer) {
  auto rel = inner.lexically_relative(outer);
  return !rel.empty() && *rel.begin() != "..";
}

}  // namespace

core::Result<OutputDir> check_output_dir(const std::string& arg, const std::string& model, bool model_is_local, bool overwrite) {
  if (arg.empty()) return core::make_error(core::ExitCode::usage, "manifest.output_dir_missing");
  OutputDir out;
  out.path = core::absolute_path(arg).lexically_normal().string();
  if (out.path.size() > 1 && out.path.back() == '/') out.path.pop_back();
  out.overwrite = overwrite;
  std::error_code ec;
  auto st = fs::symlink_status(out.path, ec);
  out.exists = !ec && fs::exists(st);
  if (out.exists && !core::is_directory(out.path)) {
    return core::make_error(core::ExitCode::bad_input, "manifest.output_not_directory").with("path", out.path);
  }
  if (out.exists) {
    out.empty = fs::directory_iterator(out.path, ec) == fs::directory_iterator();
    if (!out.empty && !overwrite) {
      return core::make_error(core::ExitCode::bad_input, "manifest.output_not_empty").with("path", out.path);
    }
  }
  if (model_is_local) {
    fs::path o = resolved(out.path);
    fs::path m = resolved(model);
    if (o == m || within(o, m)) {
      return core::make_error(core::ExitCode::bad_input, "manifest.output_inside_model").with("path", out.path).with("model", model);
    }
    if (within(m, o)) {
      return core::make_error(core::ExitCode::bad_input, "manifest.output_holds_model").with("path", out.path).with("model", model);
    }
  }
  fs::path probe = out.path;
  while (!core::is_directory(probe) && probe.has_parent_path() && probe != probe.parent_path()) probe = probe.parent_path();
  out.nearest_existing = probe.string();
  out.writable = ::access(probe.c_str(), W_OK | X_OK) == 0;
  struct statvfs vfs {};
  if (::statvfs(probe.c_str(), &vfs) == 0)
    out.free_bytes = static_cast<std::int64_t>(vfs.f_bavail) * static_cast<std::int64_t>(vfs.f_frsize);
  return out;
}

}  // namespace manifest
