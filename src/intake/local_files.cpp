// LocalModelFiles: POSIX reads of exactly the bytes intake needs.
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <memory>
#include <system_error>

#include "core/fs.h"
#include "core/errno_text.h"
#include "core/unique_fd.h"
#include "intake/model_files.h"

namespace intake {

namespace {

core::Error io_error(const std::string& path, int err) {
  return core::make_error(core::ExitCode::bad_input, "intake.file_unreadable").with("path", path).with_detail(core::errno_text(err));
}

// Closes the descriptor on every path out.
// core's error for what is not a regular file (it names the path and its kind).
core::Error refused_by_type(const std::string& path) {
  auto regular = core::require_regular_file(path);
  if (!regular) return std::move(regular).error();
  return io_error(path, EAGAIN);  // it turned into a regular file meanwhile: read it again
}

// Opens `path` (symlinks followed) for reading when it is a regular file; -1 when it does not
// exist (a dangling link included). The type is checked by stat before the open, since a FIFO
// blocks in open() and a device such as /dev/zero never ends, and again on the descriptor in
// case the path was swapped in between: "core.not_regular_file" / "core.is_directory".
core::Result<int> open_regular(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    if (errno == ENOENT) return -1;
    return io_error(path, errno);
  }
  if (!S_ISREG(st.st_mode)) return core::fail(refused_by_type(path));
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  if (fd < 0) {
    if (errno == ENOENT) return -1;
    return core::fail(io_error(path, errno));
  }
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    return core::fail(refused_by_type(path));
  }
  return fd;
}

// A large text (a 4 MB index) mapped from the page cache, read-only, followed by at least
// kHeaderPadding zero bytes: the file's last page is zero past its end, and one more
// anonymous page is mapped behind it. Reading it into fresh memory instead cost as much as
// parsing it: the kernel zeroes every new page, then copies the text over it. (A file cut
// short while it is parsed would end the process with SIGBUS; model files are not rewritten
// during an analysis.) nullptr when the mapping cannot be had: the caller reads the file.
std::shared_ptr<const char> map_with_padding(int fd, std::size_t size, std::size_t& capacity) {
  static_assert(kHeaderPadding <= 4096);
  const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  std::size_t file_pages = (size + page - 1) / page * page;
  std::size_t len = file_pages + page;
  void* area = ::mmap(nullptr, len, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (area == MAP_FAILED) return nullptr;
  if (::mmap(area, file_pages, PROT_READ, MAP_PRIVATE | MAP_FIXED, fd, 0) == MAP_FAILED) {
    ::munmap(area, len);
    return nullptr;
  }
  capacity = len;
  return std::shared_ptr<const char>(static_cast<const char*>(area), [len](const char* p) { ::munmap(const_cast<char*>(p), len); });
}

// Reads exactly `n` bytes at `offset` into `out` (short only at end of file); the count read.
core::Result<std::uint64_t> pread_into(int fd, std::uint64_t offset, std::uint64_t n, char* out, const std::string& path) {
  std::uint64_t done = 0;
  while (done < n) {
    ssize_t got = ::pread(fd, out + done, static_cast<std::size_t>(n - done), static_cast<off_t>(offset + done));
    if (got < 0) {
      if (errno == EINTR) continue;
      return io_error(path, errno);
    }
    if (got == 0) break;
    done += static_cast<std::uint64_t>(got);
  }
  return done;
}

// Reads exactly `n` bytes at `offset` (short only at end of file).
core::Result<std::string> pread_exact(int fd, std::uint64_t offset, std::uint64_t n, const std::string& path) {
  std::string out(static_cast<std::size_t>(n), '\0');
  QPTQ_TRY_ASSIGN(std::uint64_t done, pread_into(fd, offset, n, out.data(), path));
  out.resize(static_cast<std::size_t>(done));
  return out;
}

}  // namespace

core::Result<std::vector<FileEntry>> LocalModelFiles::list() {
  std::vector<FileEntry> out;
  const std::string root = m_root.generic_string();
  std::error_code ec;
  auto it = core::fs::recursive_directory_iterator(m_root, core::fs::directory_options::none, ec);
  if (ec) return io_error(m_root.string(), ec.value());
  for (; it != core::fs::recursive_directory_iterator(); it.increment(ec)) {
    if (ec) return io_error(m_root.string(), ec.value());
    // Hidden entries (.git, .cache) are not model files; do not descend into them.
    std::string base = it->path().filename().string();
    if (!base.empty() && base[0] == '.') {
      if (it->is_directory(ec)) it.disable_recursion_pending();
      continue;
    }
    if (it.depth() > 4) {
      it.disable_recursion_pending();
      continue;
    }
    // One stat per entry gives both the type and the size; it follows symlinks (HF cache
    // snapshots are links).
    struct stat st {};
    if (::stat(it->path().c_str(), &st) != 0) {
      if (errno == ENOENT) continue;  // a dangling link: not a file we have
      // A symlink loop or an unreadable link: report it, do not skip silently.
      return io_error(it->path().string(), errno);
    }
    if (!S_ISREG(st.st_mode)) {
      // A FIFO or a device in place of a file we read (a shard, config.json, the index) is
      // refused by its type here, not reported later as missing: "download it" would not help.
      if (!S_ISDIR(st.st_mode) && (base.ends_with(".safetensors") || base.ends_with(".json"))) {
        return core::fail(refused_by_type(it->path().string()));
      }
      continue;
    }
    FileEntry e;
    // The iterator yields root + "/" + relative; strip the prefix (fs::relative would stat).
    std::string full = it->path().generic_string();
    e.name = full.size() > root.size() + 1 ? full.substr(root.size() + (root.back() == '/' ? 0 : 1)) : full;
    e.size = static_cast<std::uint64_t>(st.st_size);
    out.push_back(std::move(e));
  }
  std::sort(out.begin(), out.end(), [](const FileEntry& a, const FileEntry& b) { return a.name < b.name; });
  return out;
}

core::Result<std::optional<std::pair<int, std::uint64_t>>> LocalModelFiles::open_small(const std::string& path) {
  QPTQ_TRY_ASSIGN(int fd, open_regular(path));
  // A dangling symlink (a cache blob that was never downloaded) counts as absent.
  if (fd < 0) return std::optional<std::pair<int, std::uint64_t>>{};
  core::UniqueFd guard(fd);
  struct stat st {};
  if (::fstat(fd, &st) != 0) return io_error(path, errno);
  auto size = static_cast<std::uint64_t>(st.st_size);
  if (size > kMaxSmallFileBytes) {
    return core::make_error(core::ExitCode::bad_input, "intake.file_too_large")
        .with("path", path)
        .with("limit", std::to_string(kMaxSmallFileBytes));
  }
  return std::optional<std::pair<int, std::uint64_t>>(std::make_pair(guard.release(), size));
}

core::Result<std::optional<std::string>> LocalModelFiles::read_small(std::string_view name) {
  std::string path = (m_root / std::string(name)).string();
  QPTQ_TRY_ASSIGN(auto opened, open_small(path));
  if (!opened) return std::optional<std::string>{};
  core::UniqueFd guard(opened->first);
  QPTQ_TRY_ASSIGN(std::string text, pread_exact(guard.get(), 0, opened->second, path));
  m_bytes_read += text.size();
  return std::optional<std::string>(std::move(text));
}

core::Result<std::optional<PaddedText>> LocalModelFiles::read_padded(std::string_view name) {
  constexpr std::uint64_t kLarge = std::uint64_t{1} << 20;  // below this, a copy costs less than a mapping
  std::string path = (m_root / std::string(name)).string();
  QPTQ_TRY_ASSIGN(auto opened, open_small(path));
  if (!opened) return std::optional<PaddedText>{};
  core::UniqueFd guard(opened->first);
  std::uint64_t size = opened->second;
  std::size_t capacity = 0;
  std::shared_ptr<const char> mapped = size >= kLarge ? map_with_padding(guard.get(), static_cast<std::size_t>(size), capacity) : nullptr;
  if (mapped == nullptr) {
    QPTQ_TRY_ASSIGN(std::string text, pread_exact(guard.get(), 0, size, path));
    m_bytes_read += text.size();
    return std::optional<PaddedText>(PaddedText(std::move(text)));
  }
  m_bytes_read += size;
  return std::optional<PaddedText>(PaddedText(std::move(mapped), static_cast<std::size_t>(size), capacity));
}

core::Result<ShardHeader> LocalModelFiles::read_header(std::string_view shard, const TensorVisitor& visit) {
  std::string path = (m_root / std::string(shard)).string();
  QPTQ_TRY_ASSIGN(int fd, open_regular(path));
  if (fd < 0) return core::make_error(core::ExitCode::bad_input, "intake.shard_missing").with("path", path);
  core::UniqueFd guard(fd);
  struct stat st {};
  if (::fstat(fd, &st) != 0) return io_error(path, errno);
  ShardHeader out;
  out.file_size = static_cast<std::uint64_t>(st.st_size);
  QPTQ_TRY_ASSIGN(std::string prefix, pread_exact(fd, 0, 8, path));
  m_bytes_read += prefix.size();
  QPTQ_TRY_ASSIGN(std::uint64_t n, parse_header_length(prefix, path, out.file_size));
  // One buffer for every shard, with simdjson's padding after the header: no copy, no
  // fresh pages per shard.
  thread_local std::string buf;
  if (buf.size() < n + kHeaderPadding) buf.resize(static_cast<std::size_t>(n + kHeaderPadding));
  std::uint64_t done = 0;
  while (done < n) {
    ssize_t got = ::pread(fd, buf.data() + done, static_cast<std::size_t>(n - done), static_cast<off_t>(8 + done));
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) return io_error(path, errno);
    if (got == 0) break;
    done += static_cast<std::uint64_t>(got);
  }
  m_bytes_read += done;
  std::fill_n(buf.data() + done, kHeaderPadding, '\0');
  QPTQ_TRY_ASSIGN(out.header, visit_header(std::string_view(buf.data(), static_cast<std::size_t>(done)), path, out.file_size, visit, true));
  return out;
}

std::string LocalModelFiles::describe(std::string_view name) const { return (m_root / std::string(name)).string(); }

}  // namespace intake
