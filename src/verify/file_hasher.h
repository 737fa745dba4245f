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

// Every regular file under `root` (recursively), relative paths sorted.
std::vector<std::string> list_files(const core::fs::path& root);

// `threads` 0: one per hardware thread, at most one per file.
std::vector<FileDigest> hash_files(const core::fs::path& root, const std::vector<std::string>& relative_paths, unsigned threads = 0);

// SHA-256 (hex) of `length` bytes at `offset` of a file, streamed (for one tensor's data).
core::Result<std::string> hash_range(const core::fs::path& path, std::uint64_t offset, std::uint64_t length);

}  // namespace verify
