#include "core/atomic_file.h"
#include "core/errno_text.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <string>

namespace core {

namespace {

Error write_error(const fs::path& path, int err) {
  return make_error(ExitCode::bad_input, "core.write_error").with("path", path.string()).with_detail(errno_text(err));
}

}  // namespace

Result<void> write_file_atomic(const fs::path& path, std::string_view content, mode_t mode) {
  fs::path dir = path.parent_path().empty() ? fs::path(".") : path.parent_path();
  std::string tmpl = (dir / ("." + path.filename().string() + ".tmp-XXXXXX")).string();
  int fd = ::mkstemp(tmpl.data());
  if (fd < 0) return write_error(path, errno);
  ::fchmod(fd, mode);
  const char* p = content.data();
  std::size_t left = content.size();
  while (left > 0) {
    ssize_t n = ::write(fd, p, left);
    if (n < 0) {
      if (errno == EINTR) continue;
      int err = errno;
      ::close(fd);
      ::unlink(tmpl.c_str());
      return write_error(path, err);
    }
    p += n;
    left -= static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0 || ::close(fd) != 0) {
    int err = errno;
    ::unlink(tmpl.c_str());
    return write_error(path, err);
  }
  if (::rename(tmpl.c_str(), path.c_str()) != 0) {
    int err = errno;
    ::unlink(tmpl.c_str());
    return write_error(path, err);
  }
  int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd >= 0) {
    ::fsync(dfd);  // best effort: the rename is already visible
    ::close(dfd);
  }
  return ok();
}

}  // namespace core
