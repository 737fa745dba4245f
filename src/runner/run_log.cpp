#include "runner/run_log.h"
#include "core/errno_text.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/clock.h"

namespace runner {

std::string unique_log_name(std::string_view prefix) {
  unsigned char bytes[4] = {};
  if (::getrandom(bytes, sizeof(bytes), 0) != static_cast<ssize_t>(sizeof(bytes))) {
    // No entropy source: the pid and a clock read still make the name unique on this host.
    auto t = static_cast<unsigned>(::clock());
    std::memcpy(bytes, &t, sizeof(bytes));
  }
  static const char kHex[] = "0123456789abcdef";
  std::string suffix;
  for (unsigned char b : bytes) {
    suffix += kHex[b >> 4];
    suffix += kHex[b & 15];
  }
  return std::string(prefix) + "-" + core::now_utc_compact() + "-" + std::to_string(::getpid()) + "-" + suffix + ".log";
}

core::Result<int> create_log_file(const std::filesystem::path& path) {
  auto failed = [&](int err) {
    return core::make_error(core::ExitCode::bad_input, "runner.log_failed").with("path", path.string()).with_detail(core::errno_text(err));
  };
  std::filesystem::path dir = path.parent_path().empty() ? std::filesystem::path(".") : path.parent_path();
  int dirfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (dirfd < 0) return failed(errno);
  int fd = ::openat(dirfd, path.filename().c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
  int err = errno;
  ::close(dirfd);
  if (fd < 0) return failed(err);
  return fd;
}

DiskReserve DiskReserve::create(const std::filesystem::path& path, std::uint64_t bytes) {
  struct stat st {};
  if (::lstat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode)) ::unlink(path.c_str());  // a killed run's
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (fd < 0) return DiskReserve({});
  // Past a file size limit the allocation fails with EFBIG; SIGXFSZ would kill quark-ptq.
  void (*old)(int) = std::signal(SIGXFSZ, SIG_IGN);
  int err = ::posix_fallocate(fd, 0, static_cast<off_t>(bytes));
  if (old != SIG_ERR) std::signal(SIGXFSZ, old);
  ::close(fd);
  if (err != 0) {
    ::unlink(path.c_str());
    return DiskReserve({});
  }
  return DiskReserve(path);
}

void DiskReserve::release() {
  if (m_path.empty()) return;
  ::unlink(m_path.c_str());
  m_path.clear();
}

}  // namespace runner
