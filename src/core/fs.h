// Small file-system helpers that report failures as values (std::filesystem's throwing
// overloads are never used outside this file).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

#include "core/result.h"

namespace core {

namespace fs = std::filesystem;

// Whole file. `what` names the input in errors (e.g. "config.json").
Result<std::string> read_file(const fs::path& path);
// At most `max_bytes` starting at `offset`; fewer when the file is shorter.
Result<std::string> read_range(const fs::path& path, std::uint64_t offset, std::uint64_t max_bytes);
Result<std::uint64_t> file_size(const fs::path& path);
bool is_directory(const fs::path& path);
bool is_regular_file(const fs::path& path);
bool exists(const fs::path& path);
// Absolute, symlinks resolved; fails when the path does not exist.
Result<fs::path> real_path(const fs::path& path);
// Absolute and normalised without touching the disk (for paths that need not exist yet).
fs::path absolute_path(const fs::path& path);
Result<void> create_directories(const fs::path& path);

}  // namespace core
