// SHA-256 of many files at once: OpenSSL EVP (SHA-NI on current x86 CPUs) on a pool of
// threads that take whole files from a shared queue, largest first, so that the biggest
// shards start early and the cores stay busy until the disk is the limit. Files are read with
// pread into a buffer that stays in the core's L2 cache (kHashChunk): a 4 MiB buffer, twice
// L2 on these Xeons, made every byte go to memory once when copied and again when hashed.
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/fs.h"

namespace verify {

// Bytes per pread: measured on the 2-core host (docs/benchmarks.md, "Hashing").
inline constexpr std::size_t kHashChunk = 1u << 20;

struct FileDigest {
  std::string path;  // relative to the root given
  std::uint64_t bytes = 0;
  std::string sha256;  // hex; empty when the file could not be read
  std::string error;   // why not
  bool early = false;  // the digest was taken before the writer ended (EarlyHasher) and the
                       // file's identity has not changed since
};

// What identifies one version of a file's bytes without reading them: a rewrite changes the
// size, the modification time or (replaced by rename) the inode.
struct FileStamp {
  std::uint64_t device = 0;
  std::uint64_t inode = 0;
  std::uint64_t size = 0;
  std::int64_t mtime_ns = 0;
  bool operator==(const FileStamp&) const = default;
};

// Bytes per piece of a file hashed while it was written (verify/file_follower.h): the pieces
// are checked again in parallel after the writer ended, so that many cores share one file.
inline constexpr std::uint64_t kPieceBytes = 64u << 20;

// A digest taken earlier. Without `pieces`: valid for the bytes `stamp` identifies. With
// `pieces` (the SHA-256 of every kPieceBytes piece, in order, as read while the file was being
// written): valid only when the file, on the same device and inode at the same size, gives the
// same piece digests again.
struct StampedDigest {
  FileStamp stamp;
  std::string sha256;
  std::vector<std::string> pieces;
};
using StampedDigests = std::map<std::string, StampedDigest>;  // by path relative to the root

// How far hashing has come; read by another thread for progress.
struct HashCounter {
  std::atomic<std::uint64_t> bytes{0};
};

// A symbolic link under the root, and where it leads. verify never reads or hashes through a
// link that leads out of the root (a link to /etc/shadow was hashed).
struct LinkEntry {
  std::string path;     // relative to the root
  std::string target;   // as the link says (readlink)
  bool inside = false;  // it resolves (every link on the way followed) to a path under the root
};

struct DirEntries {
  std::vector<std::string> files;  // regular files, relative paths sorted
  std::vector<LinkEntry> links;    // sorted by path
};

// Everything under `root`, recursively, without following any symbolic link: the regular
// files, and the links reported apart (a link is never listed as a file).
DirEntries list_entries(const core::fs::path& root);
// list_entries(root).files.
std::vector<std::string> list_files(const core::fs::path& root);

// `threads` 0: one per hardware thread, at most one per file. Each file is opened without
// following a link and hashed only when it is a regular file (anything else: `error`). A file
// in `earlier` whose stamp (fstat of the opened file) still matches keeps that digest unread;
// one with pieces whose pieces all match again (all threads on its pieces) keeps it too; any
// other is hashed now. `counter`, when given, counts every byte as it is hashed (and a
// reused file's size at once).
std::vector<FileDigest> hash_files(const core::fs::path& root, const std::vector<std::string>& relative_paths, unsigned threads = 0,
                                   const StampedDigests* earlier = nullptr, HashCounter* counter = nullptr);

// The stamp of an open file.
FileStamp stamp_of(int fd);
// The stamp of a path without following a link; nullopt unless it is a regular file.
std::optional<FileStamp> regular_file_stamp(const core::fs::path& path);

// SHA-256 (hex) of a whole open file, in kHashChunk reads; false with `error` on a read error.
bool hash_open_file(int fd, std::string& hex, std::string& error, std::uint64_t& bytes, HashCounter* counter = nullptr);

// Whether two byte ranges (of two files) are identical: read side by side and compared, which
// is several times faster than hashing both (an excluded layer against its source).
core::Result<bool> same_bytes(const core::fs::path& a, std::uint64_t a_offset, const core::fs::path& b, std::uint64_t b_offset,
                              std::uint64_t length);

// SHA-256 (hex) of `length` bytes at `offset` of a file, streamed (for one tensor's data).
core::Result<std::string> hash_range(const core::fs::path& path, std::uint64_t offset, std::uint64_t length);

}  // namespace verify
