#include "core/fs.h"
#include "core/errno_text.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <system_error>

namespace core {

namespace {

Error io_error(const fs::path& path, int err) {
  return make_error(ExitCode::bad_input, "core.io_error").with("path", path.string()).with_detail(errno_text(err));
}

Error not_regular(const fs::path& path, mode_t mode) {
  if (S_ISDIR(mode)) return make_error(ExitCode::bad_input, "core.is_directory").with("path", path.string());
  const char* kind = S_ISFIFO(mode)   ? "a FIFO"
                     : S_ISCHR(mode)  ? "a character device"
                     : S_ISBLK(mode)  ? "a block device"
                     : S_ISSOCK(mode) ? "a socket"
                                      : "not a regular file";
  return make_error(ExitCode::bad_input, "core.not_regular_file").with("path", path.string()).with("kind", kind);
}

// Opens a regular file for reading. The type is checked by stat before the open (a FIFO
// would block in open) and again on the descriptor (the path may have been swapped between).
Result<int> open_regular(const fs::path& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return io_error(path, errno);
  if (!S_ISREG(st.st_mode)) return not_regular(path, st.st_mode);
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  if (fd < 0) return io_error(path, errno);
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    return not_regular(path, st.st_mode);
  }
  return fd;
}

}  // namespace

Result<void> require_regular_file(const fs::path& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return io_error(path, errno);
  if (!S_ISREG(st.st_mode)) return not_regular(path, st.st_mode);
  return ok();
}

Result<std::string> read_range(const fs::path& path, std::uint64_t offset, std::uint64_t max_bytes) {
  QPTQ_TRY_ASSIGN(int fd, open_regular(path));
  std::string out;
  std::uint64_t want = max_bytes;
  char buf[1 << 16];
  std::uint64_t pos = offset;
  while (want > 0) {
    std::size_t chunk = want < sizeof(buf) ? static_cast<std::size_t>(want) : sizeof(buf);
    ssize_t n = ::pread(fd, buf, chunk, static_cast<off_t>(pos));
    if (n < 0) {
      if (errno == EINTR) continue;
      int err = errno;
      ::close(fd);
      return io_error(path, err);
    }
    if (n == 0) break;
    out.append(buf, static_cast<std::size_t>(n));
    pos += static_cast<std::uint64_t>(n);
    want -= static_cast<std::uint64_t>(n);
  }
  ::close(fd);
  return out;
}

Result<std::string> read_file(const fs::path& path, std::uint64_t max_bytes) {
  // One byte more than allowed tells "exactly at the cap" from "over it".
  QPTQ_TRY_ASSIGN(std::string text, read_range(path, 0, max_bytes + 1));
  if (text.size() > max_bytes) {
    return make_error(ExitCode::bad_input, "core.file_too_large")
        .with("path", path.string())
        .with("max", std::to_string(max_bytes >> 20 > 0 ? max_bytes >> 20 : 1) + " MiB");
  }
  return text;
}

Result<std::uint64_t> file_size(const fs::path& path) {
  std::error_code ec;
  auto n = fs::file_size(path, ec);
  if (ec) return io_error(path, ec.value());
  return static_cast<std::uint64_t>(n);
}

bool is_directory(const fs::path& path) {
  std::error_code ec;
  return fs::is_directory(path, ec);
}

bool is_regular_file(const fs::path& path) {
  std::error_code ec;
  return fs::is_regular_file(path, ec);
}

bool exists(const fs::path& path) {
  std::error_code ec;
  return fs::exists(path, ec);
}

Result<fs::path> real_path(const fs::path& path) {
  std::error_code ec;
  auto p = fs::canonical(path, ec);
  if (ec) return io_error(path, ec.value());
  return p;
}

fs::path running_binary_dir() {
  std::error_code ec;
  auto self = fs::read_symlink("/proc/self/exe", ec);
  return ec ? fs::path() : self.parent_path();
}

std::string checkout_path(std::string_view relative) {
  const fs::path dir = running_binary_dir();
  if (!dir.empty()) {
    const fs::path root = dir.parent_path();
    if (core::is_regular_file(fs::path(root / "scripts" / "setup-quark-env.sh"))) return (root / relative).lexically_normal().string();
  }
  return "<quark-ptq checkout>/" + std::string(relative);
}

fs::path absolute_path(const fs::path& path) {
  std::error_code ec;
  auto p = fs::absolute(path, ec);
  if (ec) return path.lexically_normal();
  return p.lexically_normal();
}

Result<void> create_directories(const fs::path& path) {
  std::error_code ec;
  fs::create_directories(path, ec);
  if (ec) return io_error(path, ec.value());
  return ok();
}

}  // namespace core
