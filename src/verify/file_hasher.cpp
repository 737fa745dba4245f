#include "verify/file_hasher.h"
#include "core/errno_text.h"

#include <fcntl.h>
#include <sys/stat.h>
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

constexpr std::size_t kChunk = kHashChunk;

// A byte range of an open file: [offset, offset + length); length UINT64_MAX reads to the end.
struct ByteRange {
  std::uint64_t offset = 0;
  std::uint64_t length = UINT64_MAX;
};

// What hashing a range gave: its SHA-256 and the bytes read (fewer than asked at the end of the
// file), or the reason it failed (then `hex` is empty).
struct RangeDigest {
  std::string hex;
  std::uint64_t bytes = 0;
  std::string error;
  bool ok() const { return error.empty(); }
};

// Hashes `range` of fd with `buf`, counting what it reads into `counter` when there is one.
RangeDigest hash_fd(int fd, ByteRange range, std::vector<char>& buf, HashCounter* counter = nullptr) {
  RangeDigest out;
  auto ctx = core::Sha256::start();
  if (!ctx) {
    out.error = ctx.error().detail;  // libcrypto could not be loaded
    return out;
  }
  const std::uint64_t offset = range.offset;
  const std::uint64_t length = range.length;
  std::uint64_t& total = out.bytes;
  while (total < length) {
    std::size_t want = static_cast<std::size_t>(std::min<std::uint64_t>(buf.size(), length - total));
    ssize_t n = ::pread(fd, buf.data(), want, static_cast<off_t>(offset + total));
    if (n < 0) {
      if (errno == EINTR) continue;
      out.error = core::errno_text(errno);
      return out;
    }
    if (n == 0) break;
    ctx->update(buf.data(), static_cast<std::size_t>(n));
    total += static_cast<std::uint64_t>(n);
    if (counter != nullptr) counter->bytes.fetch_add(static_cast<std::uint64_t>(n), std::memory_order_relaxed);
  }
  out.hex = ctx->finish_hex();
  return out;
}

// Whether every kPieceBytes piece of the open file hashes to `pieces` again: `threads` threads
// take pieces from a shared counter, so one large file uses every core. Stops at the first
// difference. `counter` counts what was read; what a failed check read is taken back.
bool pieces_match(int fd, std::uint64_t size, const std::vector<std::string>& pieces, unsigned threads, HashCounter* counter) {
  if (pieces.size() != (size + kPieceBytes - 1) / kPieceBytes) return false;
  std::atomic<std::size_t> next{0};
  std::atomic<bool> differs{false};
  std::atomic<std::uint64_t> read{0};
  auto worker = [&] {
    std::vector<char> buf(kChunk);
    for (std::size_t k = next++; k < pieces.size() && !differs.load(); k = next++) {
      std::uint64_t offset = k * kPieceBytes;
      std::uint64_t length = std::min<std::uint64_t>(kPieceBytes, size - offset);
      RangeDigest piece = hash_fd(fd, {offset, length}, buf, counter);
      read += piece.bytes;
      if (!piece.ok() || piece.bytes != length || piece.hex != pieces[k]) differs = true;
    }
  };
  threads = static_cast<unsigned>(std::min<std::size_t>(std::max(1u, threads), pieces.size()));
  std::vector<std::thread> pool;
  for (unsigned i = 1; i < threads; ++i) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  if (differs && counter != nullptr) counter->bytes.fetch_sub(read.load(), std::memory_order_relaxed);
  return !differs;
}

}  // namespace

DirEntries list_entries(const core::fs::path& root) {
  DirEntries out;
  std::error_code ec;
  const core::fs::path base = core::fs::weakly_canonical(root, ec);
  const std::string prefix = base.string() + "/";
  // The iterator does not descend through directory links (follow_directory_symlink is off).
  for (auto it = std::filesystem::recursive_directory_iterator(root, ec); !ec && it != std::filesystem::recursive_directory_iterator();
       it.increment(ec)) {
    // Lexically: fs::relative would resolve the links this is about.
    std::string rel = it->path().lexically_relative(root).string();
    if (it->is_symlink(ec)) {
      LinkEntry l;
      l.path = rel;
      l.target = std::filesystem::read_symlink(it->path(), ec).string();
      std::error_code resolve_ec;
      std::string resolved = core::fs::weakly_canonical(it->path(), resolve_ec).string();
      l.inside = !resolve_ec && !base.empty() && (resolved + "/").starts_with(prefix);
      out.links.push_back(std::move(l));
      ec.clear();
      continue;
    }
    if (it->symlink_status(ec).type() == std::filesystem::file_type::regular) out.files.push_back(rel);
  }
  std::sort(out.files.begin(), out.files.end());
  std::sort(out.links.begin(), out.links.end(), [](const LinkEntry& a, const LinkEntry& b) { return a.path < b.path; });
  return out;
}

std::vector<std::string> list_files(const core::fs::path& root) { return list_entries(root).files; }

namespace {

FileStamp stamp_from(const struct stat& st) {
  return FileStamp{static_cast<std::uint64_t>(st.st_dev), static_cast<std::uint64_t>(st.st_ino), static_cast<std::uint64_t>(st.st_size),
                   static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1000000000LL + st.st_mtim.tv_nsec};
}

}  // namespace

FileStamp stamp_of(int fd) {
  struct stat st {};
  if (::fstat(fd, &st) != 0) return {};
  return stamp_from(st);
}

std::optional<FileStamp> regular_file_stamp(const core::fs::path& path) {
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
  return stamp_from(st);
}

bool hash_open_file(int fd, std::string& hex, std::string& error, std::uint64_t& bytes, HashCounter* counter) {
  ::posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
  std::vector<char> buf(kChunk);
  RangeDigest whole = hash_fd(fd, {}, buf, counter);
  hex = std::move(whole.hex);
  error = std::move(whole.error);
  bytes = whole.bytes;
  return error.empty();
}

std::vector<FileDigest> hash_files(const core::fs::path& root, const std::vector<std::string>& relative_paths, unsigned threads,
                                   const StampedDigests* earlier, HashCounter* counter) {
  std::vector<FileDigest> out(relative_paths.size());
  std::vector<std::size_t> order(relative_paths.size());
  for (std::size_t i = 0; i < order.size(); ++i) {
    out[i].path = relative_paths[i];
    out[i].bytes = core::file_size(root / relative_paths[i]).has_value() ? *core::file_size(root / relative_paths[i]) : 0;
    order[i] = i;
  }
  std::sort(order.begin(), order.end(), [&out](std::size_t a, std::size_t b) { return out[a].bytes > out[b].bytes; });
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  // Digests taken while the files were written are checked first, one file at a time with
  // every thread on its pieces.
  std::vector<bool> settled(out.size(), false);
  for (std::size_t i = 0; earlier != nullptr && i < out.size(); ++i) {
    auto e = earlier->find(out[i].path);
    if (e == earlier->end() || e->second.pieces.empty()) continue;
    int fd = ::open((root / out[i].path).c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY);
    if (fd < 0) continue;
    // O_NOFOLLOW and the same inode as the followed file: a regular file, not a swapped path.
    FileStamp now = stamp_of(fd);
    const FileStamp& then = e->second.stamp;
    if (now.device == then.device && now.inode == then.inode && now.size == then.size &&
        pieces_match(fd, now.size, e->second.pieces, threads, counter)) {
      out[i].sha256 = e->second.sha256;
      out[i].bytes = now.size;
      out[i].early = true;
      settled[i] = true;
    }
    ::close(fd);
  }
  threads = static_cast<unsigned>(std::min<std::size_t>(threads, std::max<std::size_t>(1, order.size())));
  std::atomic<std::size_t> next{0};
  auto worker = [&] {
    std::vector<char> buf(kChunk);
    for (std::size_t k = next++; k < order.size(); k = next++) {
      if (settled[order[k]]) continue;
      FileDigest& d = out[order[k]];
      // No link followed, no FIFO waited on: the path was a regular file when listed, and a
      // swap since then must not lead the hash anywhere else.
      int fd = ::open((root / d.path).c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY);
      if (fd < 0) {
        d.error = core::errno_text(errno);
        continue;
      }
      struct stat st {};
      if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        d.error = "not a regular file";
        ::close(fd);
        continue;
      }
      if (earlier != nullptr) {
        // Taken while the run was still going: valid only for exactly these bytes.
        auto e = earlier->find(d.path);
        if (e != earlier->end() && e->second.pieces.empty() && e->second.stamp == stamp_of(fd)) {
          d.sha256 = e->second.sha256;
          d.bytes = e->second.stamp.size;
          d.early = true;
          if (counter != nullptr) counter->bytes.fetch_add(d.bytes, std::memory_order_relaxed);
          ::close(fd);
          continue;
        }
      }
      ::posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
      RangeDigest whole = hash_fd(fd, {}, buf, counter);
      d.sha256 = std::move(whole.hex);
      d.error = std::move(whole.error);
      d.bytes = whole.bytes;
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
  if (fd < 0)
    return core::make_error(core::ExitCode::bad_input, "core.io_error").with("path", path.string()).with_detail(core::errno_text(errno));
  std::vector<char> buf(std::min<std::uint64_t>(kChunk, std::max<std::uint64_t>(length, 1)));
  RangeDigest got = hash_fd(fd, {offset, length}, buf);
  ::close(fd);
  if (!got.ok() || got.bytes != length) {
    return core::make_error(core::ExitCode::bad_input, "core.io_error")
        .with("path", path.string())
        .with_detail(got.ok() ? "short read" : got.error);
  }
  return got.hex;
}

core::Result<bool> same_bytes(const core::fs::path& a, std::uint64_t a_offset, const core::fs::path& b, std::uint64_t b_offset,
                              std::uint64_t length) {
  auto io_error = [](const core::fs::path& p, int err) {
    return core::make_error(core::ExitCode::bad_input, "core.io_error").with("path", p.string()).with_detail(core::errno_text(err));
  };
  int fa = ::open(a.c_str(), O_RDONLY | O_CLOEXEC);
  if (fa < 0) return io_error(a, errno);
  int fb = ::open(b.c_str(), O_RDONLY | O_CLOEXEC);
  if (fb < 0) {
    int err = errno;
    ::close(fa);
    return io_error(b, err);
  }
  ::posix_fadvise(fa, static_cast<off_t>(a_offset), static_cast<off_t>(length), POSIX_FADV_SEQUENTIAL);
  ::posix_fadvise(fb, static_cast<off_t>(b_offset), static_cast<off_t>(length), POSIX_FADV_SEQUENTIAL);
  std::vector<char> ba(std::min<std::uint64_t>(kChunk, std::max<std::uint64_t>(length, 1)));
  std::vector<char> bb(ba.size());
  // Reads exactly `want` bytes at `off`; false at a read error or end of file (a short range).
  auto read_full = [](int fd, char* p, std::size_t want, std::uint64_t off) {
    std::size_t got = 0;
    while (got < want) {
      ssize_t n = ::pread(fd, p + got, want - got, static_cast<off_t>(off + got));
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return false;
      got += static_cast<std::size_t>(n);
    }
    return true;
  };
  bool same = true;
  for (std::uint64_t done = 0; same && done < length;) {
    std::size_t want = static_cast<std::size_t>(std::min<std::uint64_t>(ba.size(), length - done));
    same = read_full(fa, ba.data(), want, a_offset + done) && read_full(fb, bb.data(), want, b_offset + done) &&
           std::memcmp(ba.data(), bb.data(), want) == 0;
    done += want;
  }
  ::close(fa);
  ::close(fb);
  return same;
}

}  // namespace verify
