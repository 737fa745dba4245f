// The run log is created, never reused: a name no earlier run (or a planted file) can hold,
// opened with O_CREAT|O_EXCL|O_NOFOLLOW inside a logs directory that is itself not a link.
// A symlink placed at the log's path, or a logs/ that points elsewhere, is refused: the run
// never writes through a link into a file it did not create.
#pragma once

#include <filesystem>
#include <string>

#include "core/result.h"

namespace runner {

// "run-<UTC yyyymmddThhmmssZ>-<pid>-<8 random hex>.log": sortable by time, and unpredictable,
// so another process cannot prepare a file or link under the name in advance.
std::string unique_log_name(std::string_view prefix = "run");

// Creates `path` exclusively (mode 0644) and returns the open descriptor (O_CLOEXEC).
// "runner.log_failed" with the reason when it exists, is a link, or its directory is a link.
core::Result<int> create_log_file(const std::filesystem::path& path);

// Space set aside on the workdir's filesystem while quark-cli runs: a file
// of `bytes` allocated at the start and removed by release() just before the final manifest
// write, so that a disk filled up by the run (the output, the log) still takes the record of
// how it ended. Best effort: held() is false when the disk is already too full for it. Made
// exclusively, never through a link; a reserve left by a killed run is replaced.
class DiskReserve {
 public:
  static DiskReserve create(const std::filesystem::path& path, std::uint64_t bytes);
  DiskReserve(DiskReserve&& o) noexcept : m_path(std::move(o.m_path)) { o.m_path.clear(); }
  DiskReserve(const DiskReserve&) = delete;
  DiskReserve& operator=(const DiskReserve&) = delete;
  DiskReserve& operator=(DiskReserve&&) = delete;
  ~DiskReserve() { release(); }
  bool held() const { return !m_path.empty(); }
  void release();

 private:
  explicit DiskReserve(std::filesystem::path path) : m_path(std::move(path)) {}
  std::filesystem::path m_path;  // empty: nothing held
};

inline constexpr std::uint64_t kRunDiskReserveBytes = 4ull << 20;

}  // namespace runner
