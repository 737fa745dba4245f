// Hashing a safetensors file while its writer is still writing it. safetensors
// 0.8 (what transformers' save_pretrained and so quark-cli's export use) creates a hidden
// temporary file in the output directory, sets it to its full size at once (a sparse file),
// writes the header and then the tensors in order, and renames it to `model*.safetensors` at
// the end: the final name appears only when the file is complete, and its size says nothing
// about how much has been written. A follower reads the file through its own descriptor (the
// inode survives the rename) up to the first page after its position that is not in the page
// cache (mincore: what has been written is there, what has not is not) less a margin, so it
// stays behind the writer, and hashes it as it goes: the whole file's SHA-256 and the SHA-256
// of every kPieceBytes piece.
//
// Nothing here trusts the writer: the whole-file digest is kept only if, after the writer has
// ended, the same inode at the same size gives the same piece digests again (hash_files does
// that in parallel, verify/file_hasher.h). A follower that read bytes the writer changed
// afterwards (a hole read as zeros, a rewrite) therefore only costs the full read it saved.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/fs.h"
#include "core/sha256.h"
#include "verify/file_hasher.h"

namespace verify {

// How far a follower stays behind the first hole: safetensors writes in buffers of a few MiB,
// and a page being filled already counts as data.
inline constexpr std::uint64_t kFollowMargin = 8u << 20;
// How far ahead of its position a follower looks for the writer (one mapping, one mincore).
inline constexpr std::uint64_t kFollowWindow = 1ull << 30;
// A follower's read: large enough that handing it to the second thread (verify/file_follower.cpp,
// advance) costs nothing beside hashing it, a divisor of kPieceBytes.
inline constexpr std::size_t kFollowBatch = 8u << 20;
static_assert(kPieceBytes % kFollowBatch == 0);

class FileFollower {
 public:
  // Opens `path` (no link followed) when it is a regular file that starts with a complete,
  // valid safetensors header (8-byte length + JSON); nullopt otherwise (not yet, or never).
  // `quiet_ns`: how long a file must have gone unmodified to count as finished when first seen.
  static std::optional<FileFollower> open(const core::fs::path& path, std::int64_t quiet_ns);
  FileFollower(FileFollower&& other) noexcept;
  FileFollower& operator=(FileFollower&&) = delete;
  FileFollower(const FileFollower&) = delete;
  FileFollower& operator=(const FileFollower&) = delete;
  ~FileFollower();

  // Reads what the writer has finished, in kFollowBatch reads; `writer_done`: the writer has
  // ended, so everything up to the declared size is final. Returns the bytes read this call.
  std::uint64_t advance(bool writer_done);
  // Every declared byte has been hashed.
  bool complete() const { return m_hashed == m_declared && m_failed.empty(); }
  // Why the follow stopped for good (the file shrank, grew past its header, a read failed).
  const std::string& failed() const { return m_failed; }
  std::uint64_t device() const { return m_start.device; }
  std::uint64_t inode() const { return m_start.inode; }
  std::uint64_t declared_size() const { return m_declared; }

  // Once complete: the digest with what makes it reusable. A file that was already complete
  // and quiet when first seen and did not change while it was read keeps the plain stamp rule
  // (no pieces: reused while the stamp matches); any other carries its piece digests.
  StampedDigest digest();

 private:
  FileFollower(int fd, std::uint64_t declared, FileStamp start, bool finished_when_seen, core::Sha256 whole, core::Sha256 piece);
  std::uint64_t readable_end(bool writer_done);
  void close_piece();

  int m_fd = -1;
  std::uint64_t m_declared = 0;
  FileStamp m_start;
  bool m_finished_when_seen = false;
  std::uint64_t m_hashed = 0;
  core::Sha256 m_whole;
  core::Sha256 m_piece;
  std::uint64_t m_piece_bytes = 0;
  std::vector<std::string> m_pieces;
  std::string m_sha256;
  std::string m_failed;
  std::array<std::unique_ptr<char[]>, 2> m_buffers;  // one hashed while the other is read
};

}  // namespace verify
