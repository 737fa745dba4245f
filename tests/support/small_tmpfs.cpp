#include "support/small_tmpfs.h"

#include <fcntl.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <string>

namespace test_support {

namespace {

bool write_proc(const char* path, const std::string& text) {
  int fd = ::open(path, O_WRONLY | O_CLOEXEC);
  if (fd < 0) return false;
  bool ok = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  ::close(fd);
  return ok;
}

// In the child: a namespace in which this process may mount. Inside a user namespace, root
// is this process's uid and gid outside, so what it creates keeps its owner.
bool enter_mount_namespace() {
  const uid_t uid = ::geteuid();
  const gid_t gid = ::getegid();
  if (::unshare(CLONE_NEWUSER | CLONE_NEWNS) == 0) {
    return write_proc("/proc/self/setgroups", "deny") && write_proc("/proc/self/uid_map", "0 " + std::to_string(uid) + " 1") &&
           write_proc("/proc/self/gid_map", "0 " + std::to_string(gid) + " 1");
  }
  return ::unshare(CLONE_NEWNS) == 0;
}

}  // namespace

int in_small_tmpfs(const std::filesystem::path& dir, std::size_t bytes, const std::function<int()>& body) {
  const pid_t pid = ::fork();
  if (pid < 0) return kNoTmpfs;
  if (pid == 0) {
    // Never returns into the test framework: _exit with the body's verdict.
    if (!enter_mount_namespace()) ::_exit(kNoTmpfs);
    if (::mount("none", "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0) ::_exit(kNoTmpfs);
    const std::string options = "size=" + std::to_string(bytes);
    if (::mount("tmpfs", dir.c_str(), "tmpfs", 0, options.c_str()) != 0) ::_exit(kNoTmpfs);
    ::_exit(body());
  }
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : 1;
}

bool fill_filesystem(const std::filesystem::path& dir, const char* name) {
  const std::filesystem::path path = dir / name;
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return errno == ENOSPC;
  static const std::string chunk(4096, 'x');
  bool full = false;
  for (int i = 0; i < (1 << 20) && !full; ++i) {
    if (::write(fd, chunk.data(), chunk.size()) < 0) full = errno == ENOSPC;
  }
  ::close(fd);
  return full;
}

}  // namespace test_support
