#include "runner/run_lock.h"
#include "core/errno_text.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

namespace runner {

core::Result<DirectoryLock> DirectoryLock::acquire(const std::filesystem::path& dir, const std::string& what) {
  // No O_CLOEXEC: the child inherits the lock (see the header).
  int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY);
  if (fd < 0) {
    return core::make_error(core::ExitCode::bad_input, "runner.lock_failed")
        .with("path", dir.string())
        .with_detail(core::errno_text(errno));
  }
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    int err = errno;
    ::close(fd);
    if (err == EWOULDBLOCK)
      return core::make_error(core::ExitCode::bad_input, "runner.locked")
          .with("path", dir.string())
          .with("what", what)
          .with("command", "quark-ptq status");
    return core::make_error(core::ExitCode::bad_input, "runner.lock_failed").with("path", dir.string()).with_detail(core::errno_text(err));
  }
  return DirectoryLock(fd);
}

DirectoryLock& DirectoryLock::operator=(DirectoryLock&& o) noexcept {
  std::swap(m_fd, o.m_fd);
  return *this;
}

DirectoryLock::~DirectoryLock() {
  if (m_fd >= 0) ::close(m_fd);
}

bool directory_locked(const std::filesystem::path& dir) {
  int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return false;
  bool held = ::flock(fd, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK;
  ::close(fd);
  return held;
}

}  // namespace runner
