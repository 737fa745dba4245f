// One run per workdir and per output directory. The lock is flock(2) on
// the directory itself, taken before anything starts. flock needs no stale-lock rule: the
// kernel drops it when the last descriptor closes, so a crash or SIGKILL of quark-ptq never
// leaves a lock behind. The descriptor is deliberately inherited by quark-cli (not
// close-on-exec): if quark-ptq dies while quark-cli runs, quark-cli still holds the lock, and
// neither a second `run` nor `status` mistakes the live child for an interrupted run (item 16).
#pragma once

#include <filesystem>
#include <string>

#include "core/result.h"

namespace runner {

class DirectoryLock {
 public:
  // ExitCode::bad_input "runner.locked" when another process holds it (`what` names the
  // directory's role in the message: "workdir", "output directory"); "runner.lock_failed"
  // when the directory cannot be opened.
  static core::Result<DirectoryLock> acquire(const std::filesystem::path& dir, const std::string& what);

  DirectoryLock(DirectoryLock&& o) noexcept : m_fd(o.m_fd) { o.m_fd = -1; }
  DirectoryLock& operator=(DirectoryLock&& o) noexcept;
  DirectoryLock(const DirectoryLock&) = delete;
  DirectoryLock& operator=(const DirectoryLock&) = delete;
  ~DirectoryLock();

 private:
  explicit DirectoryLock(int fd) : m_fd(fd) {}
  int m_fd = -1;
};

// Whether some process (quark-ptq, or a quark-cli it started) holds `dir`'s lock now.
bool directory_locked(const std::filesystem::path& dir);

}  // namespace runner
