#include "verify/file_follower.h"
#include "core/errno_text.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <ctime>
#include <functional>
#include <memory>
#include <optional>
#include <system_error>
#include <thread>

#include "intake/safetensors_header.h"

namespace verify {

namespace {

// Reads exactly `want` bytes at `offset`; false when fewer are there (not written yet).
bool read_exact(int fd, std::string& out, std::size_t want, std::uint64_t offset) {
  out.resize(want);
  std::size_t got = 0;
  while (got < want) {
    ssize_t n = ::pread(fd, out.data() + got, want - got, static_cast<off_t>(offset + got));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    got += static_cast<std::size_t>(n);
  }
  return true;
}

// The size the file will have once written, from a header that is already complete and valid:
// 8 + header length + the data region its offsets describe. The file's current size does not
// bound the offsets (the writer may not have got there, or has set the size in advance).
std::optional<std::uint64_t> declared_size_of(int fd, const std::string& name, std::uint64_t size_now) {
  std::string prefix;
  if (!read_exact(fd, prefix, 8, 0)) return std::nullopt;
  auto n = intake::parse_header_length(prefix, name, size_now);
  if (!n || *n == 0) return std::nullopt;  // a hole of zeros where the length will be, or no header
  std::string json;
  if (!read_exact(fd, json, static_cast<std::size_t>(*n), 8)) return std::nullopt;
  auto summary = intake::visit_header(json, name, std::nullopt, [](const intake::TensorView&) {});
  if (!summary) return std::nullopt;
  return 8 + *n + summary->data_bytes;
}

// How far from `from` the writer has got: the first page at or after `from` (looked at up to
// kFollowWindow ahead) that is not in the page cache. What a writer writes is in the page
// cache until written back and evicted, and nothing else touches the part it has not written
// (the follower reads without readahead, POSIX_FADV_RANDOM). The file system's holes
// (SEEK_HOLE) say the same on ext4 (here and on the H200 host, polled against a real
// save_file), but not every file system reports holes; the page cache is the same on all. An
// evicted page only makes the follower wait; a page some other reader brought in
// only makes it read too far, which the piece check after the writer ends catches.
std::uint64_t written_frontier(int fd, std::uint64_t from, std::uint64_t size) {
  const auto page = static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
  std::uint64_t start = from / page * page;
  if (start >= size) return size;
  std::uint64_t length = std::min<std::uint64_t>(size - start, kFollowWindow);
  void* map = ::mmap(nullptr, length, PROT_READ, MAP_SHARED, fd, static_cast<off_t>(start));
  if (map == MAP_FAILED) {
    // No mapping (a file system without mmap): its holes are all there is to go by.
    off_t hole = ::lseek(fd, static_cast<off_t>(from), SEEK_HOLE);
    return hole < 0 ? from : std::min<std::uint64_t>(static_cast<std::uint64_t>(hole), size);
  }
  std::vector<unsigned char> resident((length + page - 1) / page);
  std::uint64_t frontier = from;
  if (::mincore(map, length, resident.data()) == 0) {
    std::size_t i = 0;
    while (i < resident.size() && (resident[i] & 1) != 0) ++i;
    frontier = std::max(from, std::min(size, start + i * page));
  }
  ::munmap(map, length);
  return frontier;
}

// Reads the next batch at `at`: at most `cap` bytes, never past `end` nor across a piece
// boundary (each piece is hashed from exactly its bytes). 0 at `end`, on a read error (said in
// `error`), or when the file was truncated under us (the next look at its size says so).
std::size_t read_batch(int fd, char* buf, std::size_t cap, std::uint64_t at, std::uint64_t end, std::uint64_t piece_used,
                       std::string& error) {
  if (at >= end || !error.empty()) return 0;
  auto want = static_cast<std::size_t>(std::min<std::uint64_t>({cap, end - at, kPieceBytes - piece_used}));
  std::size_t got = 0;
  while (got < want) {
    ssize_t n = ::pread(fd, buf + got, want - got, static_cast<off_t>(at + got));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      error = core::errno_text(errno);
      return 0;
    }
    if (n == 0) break;
    got += static_cast<std::size_t>(n);
  }
  return got;
}

// Runs `side` on a second thread while `main` runs on this one; both inline, one after the
// other, when no thread can be started (the result is the same, only slower).
template <typename Side, typename Main>
void run_beside(Side& side, Main&& main) {
  std::optional<std::thread> t;
  try {
    t.emplace(std::ref(side));
  } catch (const std::system_error&) {
    side();
  }
  main();
  if (t) t->join();
}

std::int64_t now_ns() {
  struct timespec now {};
  ::clock_gettime(CLOCK_REALTIME, &now);
  return static_cast<std::int64_t>(now.tv_sec) * 1000000000LL + now.tv_nsec;
}

}  // namespace

std::optional<FileFollower> FileFollower::open(const core::fs::path& path, std::int64_t quiet_ns) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY);
  if (fd < 0) return std::nullopt;
  struct stat st {};
  auto whole = core::Sha256::start();
  auto piece = core::Sha256::start();
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || !whole || !piece) {
    ::close(fd);
    return std::nullopt;
  }
  FileStamp start = stamp_of(fd);
  auto declared = declared_size_of(fd, path.filename().string(), start.size);
  if (!declared) {
    ::close(fd);
    return std::nullopt;
  }
  bool finished = start.size == *declared && now_ns() - start.mtime_ns >= quiet_ns;
  // No readahead: it would bring the pages the writer has not written yet into the page cache,
  // which is how the follower tells what has been written (written_frontier).
  ::posix_fadvise(fd, 0, 0, POSIX_FADV_RANDOM);
  return FileFollower(fd, *declared, start, finished, std::move(*whole), std::move(*piece));
}

FileFollower::FileFollower(int fd, std::uint64_t declared, FileStamp start, bool finished_when_seen, core::Sha256 whole, core::Sha256 piece)
    : m_fd(fd),
      m_declared(declared),
      m_start(start),
      m_finished_when_seen(finished_when_seen),
      m_whole(std::move(whole)),
      m_piece(std::move(piece)) {}

FileFollower::FileFollower(FileFollower&& o) noexcept
    : m_fd(o.m_fd),
      m_declared(o.m_declared),
      m_start(o.m_start),
      m_finished_when_seen(o.m_finished_when_seen),
      m_hashed(o.m_hashed),
      m_whole(std::move(o.m_whole)),
      m_piece(std::move(o.m_piece)),
      m_piece_bytes(o.m_piece_bytes),
      m_pieces(std::move(o.m_pieces)),
      m_sha256(std::move(o.m_sha256)),
      m_failed(std::move(o.m_failed)),
      m_buffers(std::move(o.m_buffers)) {
  o.m_fd = -1;
}

FileFollower::~FileFollower() {
  if (m_fd >= 0) ::close(m_fd);
}

std::uint64_t FileFollower::readable_end(bool writer_done) {
  struct stat st {};
  if (::fstat(m_fd, &st) != 0) {
    m_failed = core::errno_text(errno);
    return m_hashed;
  }
  auto size = static_cast<std::uint64_t>(st.st_size);
  if (size < m_hashed || size > m_declared) {
    m_failed = "the file shrank or grew past its header while it was read";
    return m_hashed;
  }
  if (writer_done) return size;  // short of the declared size: the file stays incomplete
  std::uint64_t frontier = written_frontier(m_fd, m_hashed, size);
  if (frontier == m_declared) return frontier;
  return frontier > m_hashed + kFollowMargin ? frontier - kFollowMargin : m_hashed;
}

void FileFollower::close_piece() {
  m_pieces.push_back(m_piece.finish_hex());
  if (auto next = core::Sha256::start()) m_piece = std::move(*next);
  m_piece_bytes = 0;
}

std::uint64_t FileFollower::advance(bool writer_done) {
  if (!m_failed.empty() || complete()) return 0;
  const std::uint64_t end = readable_end(writer_done);
  const std::uint64_t before = m_hashed;
  if (m_hashed < end) {
    // The whole file's SHA-256 is one sequential stream, and so the bound on how closely a
    // follower keeps up with its writer: this thread does only that, while a second one hashes
    // the same bytes into their piece and reads the next batch (one SHA-256 per byte
    // on the critical path instead of two).
    // Allocated once per file and kept until it is complete: a fresh 16 MiB on every call
    // would page-fault its way in again each time.
    if (!m_buffers[0]) {
      for (auto& b : m_buffers) b = std::make_unique_for_overwrite<char[]>(kFollowBatch);
    }
    const std::size_t cap = kFollowBatch;
    char* cur = m_buffers[0].get();
    char* next = m_buffers[1].get();
    std::string error;
    std::size_t n = read_batch(m_fd, cur, cap, m_hashed, end, m_piece_bytes, error);
    while (n > 0) {
      const std::uint64_t at_next = m_hashed + n;
      const std::uint64_t piece_next = (m_piece_bytes + n) % kPieceBytes;
      std::size_t n_next = 0;
      auto side = [&] {
        m_piece.update(cur, n);
        n_next = read_batch(m_fd, next, cap, at_next, end, piece_next, error);
      };
      run_beside(side, [&] { m_whole.update(cur, n); });
      m_hashed += n;
      m_piece_bytes += n;
      if (m_piece_bytes == kPieceBytes) close_piece();
      std::swap(cur, next);
      n = n_next;
    }
    if (!error.empty()) m_failed = std::move(error);
  }
  if (complete()) {
    if (m_piece_bytes > 0) close_piece();
    m_sha256 = m_whole.finish_hex();
  }
  if (complete() || !m_failed.empty()) {
    for (auto& b : m_buffers) b.reset();
  }
  return m_hashed - before;
}

StampedDigest FileFollower::digest() {
  StampedDigest d;
  d.stamp = stamp_of(m_fd);
  d.sha256 = m_sha256;
  // The old rule, as strong as the stamp: complete and quiet when first seen, unchanged since.
  if (!(m_finished_when_seen && d.stamp == m_start)) d.pieces = m_pieces;
  return d;
}

}  // namespace verify
