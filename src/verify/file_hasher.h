// SHA-256 of many files at once: OpenSSL EVP (SHA-NI on current x86 CPUs) on a pool of
// threads that take whole files from a shared queue, largest first, so that the biggest
// shards start early and the cores stay busy until the disk is the limit.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/fs.h"

namespace verify {

struct FileDigest {
  std::string path;      // relative to the root given
  std::uint64_t bytes = 0;
  std::string sha256;    // hex; empty when the file could not be read
  std::string error;     // why not
};

// A symbolic link under the root, and where it leads. verify never reads or hashes through a
// link that leads out of the root (issue 18 item 20: a link to /etc/shadow was hashed).
struct LinkEntry {
  std::string path;    // relative to the root
  std::string target;  // as the link says (readlink)
  bool inside = false; // it resolves (every link on the way followed) to a path under the root
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
// following a link and hashed only when it is a regular file (anything else: `error`).
std::vector<FileDigest> hash_files(const core::fs::path& root, const std::vector<std::string>& relative_paths, unsigned threads = 0);

// SHA-256 (hex) of `length` bytes at `offset` of a file, streamed (for one tensor's data).
core::Result<std::string> hash_range(const core::fs::path& path, std::uint64_t offset, std::uint64_t length);

}  // namespace verify
