#include "verify/file_hasher.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <memory>
#include <thread>

#include "core/sha256.h"

namespace verify {

namespace {

constexpr std::size_t kChunk = 4u << 20;

// Hashes [offset, offset+length) of fd (length = UINT64_MAX: to the end) with `buf`.
bool hash_fd(int fd, std::uint64_t offset, std::uint64_t length, std::vector<char>& buf, std::string& hex, std::string& error,
             std::uint64_t& total) {
  auto ctx = core::Sha256::start();
  if (!ctx) {
    error = ctx.error().detail;  // libcrypto could not be loaded
    return false;
  }
  total = 0;
  while (total < length) {
    std::size_t want = static_cast<std::size_t>(std::min<std::uint64_t>(buf.size(), length - total));
    ssize_t n = ::pread(fd, buf.data(), want, static_cast<off_t>(offset + total));
    if (n < 0) {
      if (errno == EINTR) continue;
      error = std::strerror(errno);
      return false;
    }
    if (n == 0) break;
    ctx->update(buf.data(), static_cast<std::size_t>(n));
    total += static_cast<std::uint64_t>(n);
  }
  hex = ctx->finish_hex();
  return true;
}

}  // namespace

std::vector<std::string> list_files(const core::fs::path& root) {
  std::vector<std::string> out;
  std::error_code ec;
  for (auto it = std::filesystem::recursive_directory_iterator(root, ec); !ec && it != std::filesystem::recursive_directory_iterator();
       it.increment(ec)) {
    if (it->is_regular_file(ec)) out.push_back(std::filesystem::relative(it->path(), root, ec).string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<FileDigest> hash_files(const core::fs::path& root, const std::vector<std::string>& relative_paths, unsigned threads) {
  std::vector<FileDigest> out(relative_paths.size());
  std::vector<std::size_t> order(relative_paths.size());
  for (std::size_t i = 0; i < order.size(); ++i) {
    out[i].path = relative_paths[i];
    out[i].bytes = core::file_size(root / relative_paths[i]).has_value() ? *core::file_size(root / relative_paths[i]) : 0;
    order[i] = i;
  }
  std::sort(order.begin(), order.end(), [&out](std::size_t a, std::size_t b) { return out[a].bytes > out[b].bytes; });
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  threads = static_cast<unsigned>(std::min<std::size_t>(threads, std::max<std::size_t>(1, order.size())));
  std::atomic<std::size_t> next{0};
  auto worker = [&] {
    std::vector<char> buf(kChunk);
    for (std::size_t k = next++; k < order.size(); k = next++) {
      FileDigest& d = out[order[k]];
      int fd = ::open((root / d.path).c_str(), O_RDONLY | O_CLOEXEC);
      if (fd < 0) {
        d.error = std::strerror(errno);
        continue;
      }
      ::posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
      std::uint64_t total = 0;
      hash_fd(fd, 0, UINT64_MAX, buf, d.sha256, d.error, total);
      d.bytes = total;
      ::close(fd);
    }
  };
  std::vector<std::thread> pool;
  for (unsigned i = 1; i < threads; ++i) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  return out;
}

core::Result<std::string> hash_range(const core::fs::path& path, std::uint64_t offset, std::uint64_t length) {
  if (auto probe = core::Sha256::start(); !probe) return std::move(probe).error();  // libcrypto missing
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return core::make_error(core::ExitCode::bad_input, "core.io_error").with("path", path.string()).with_detail(std::strerror(errno));
  std::vector<char> buf(std::min<std::uint64_t>(kChunk, std::max<std::uint64_t>(length, 1)));
  std::string hex;
  std::string error;
  std::uint64_t total = 0;
  bool ok = hash_fd(fd, offset, length, buf, hex, error, total);
  ::close(fd);
  if (!ok || total != length) {
    return core::make_error(core::ExitCode::bad_input, "core.io_error").with("path", path.string()).with_detail(ok ? "short read" : error);
  }
  return hex;
}

}  // namespace verify
