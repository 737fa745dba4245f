// Small file-system helpers that report failures as values (std::filesystem's throwing
// overloads are never used outside this file).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

#include "core/result.h"

namespace core {

namespace fs = std::filesystem;

// Every reader below refuses what is not a regular file (a FIFO, a device such as /dev/zero,
// a socket) by its type, before it is opened for reading, so no input can block a read or
// grow without bound: "core.not_regular_file".

// The most read_file() takes by default: far above any artifact, config or index we read.
inline constexpr std::uint64_t kMaxReadBytes = 64ull << 20;

// Whole file, at most `max_bytes` ("core.file_too_large" beyond; the size is never trusted
// from stat, /proc files report 0).
Result<std::string> read_file(const fs::path& path, std::uint64_t max_bytes = kMaxReadBytes);
// At most `max_bytes` starting at `offset`; fewer when the file is shorter.
Result<std::string> read_range(const fs::path& path, std::uint64_t offset, std::uint64_t max_bytes);
// Ok when `path` (symlinks followed) is a regular file; "core.is_directory",
// "core.not_regular_file" or "core.io_error" otherwise.
Result<void> require_regular_file(const fs::path& path);
Result<std::uint64_t> file_size(const fs::path& path);
bool is_directory(const fs::path& path);
bool is_regular_file(const fs::path& path);
bool exists(const fs::path& path);
// Absolute, symlinks resolved; fails when the path does not exist.
Result<fs::path> real_path(const fs::path& path);
// Absolute and normalised without touching the disk (for paths that need not exist yet).
fs::path absolute_path(const fs::path& path);
// The directory of the running executable (/proc/self/exe), "" when it cannot be read.
fs::path running_binary_dir();
// A file of quark-ptq's source checkout, named for a person to use: under the checkout this
// binary was built in (build/quark-ptq: scripts/ beside build/), else written
// "<quark-ptq checkout>/<relative>" (an installed binary has no scripts of its own).
std::string checkout_path(std::string_view relative);
Result<void> create_directories(const fs::path& path);

}  // namespace core
