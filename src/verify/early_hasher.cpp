#include "verify/early_hasher.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <ctime>

#include "verify/tensor_table.h"

namespace verify {

std::optional<std::uint64_t> declared_safetensors_size(const core::fs::path& path) {
  // The checked parser rejects offsets past the end of the file, so an incomplete file fails
  // here until its last tensor is there.
  auto table = read_tensor_table(path);
  if (!table) return std::nullopt;
  std::uint64_t end = 0;
  for (const auto& t : table->tensors) end = std::max(end, t.end);
  return table->data_start + end;
}

EarlyHasher::EarlyHasher(core::fs::path dir, std::chrono::milliseconds poll, std::chrono::milliseconds quiet)
    : m_dir(std::move(dir)), m_poll(poll), m_quiet(quiet) {}

EarlyHasher::~EarlyHasher() { (void)finish(); }

void EarlyHasher::start() {
  if (m_thread.joinable()) return;
  m_thread = std::thread([this] { loop(); });
}

StampedDigests EarlyHasher::finish() {
  {
    std::lock_guard<std::mutex> lock(m_mutex);
    m_stop = true;
  }
  m_wake.notify_all();
  if (m_thread.joinable()) m_thread.join();
  return m_done;
}

void EarlyHasher::loop() {
  for (;;) {
    scan_once();
    std::unique_lock<std::mutex> lock(m_mutex);
    if (m_wake.wait_for(lock, m_poll, [this] { return m_stop; })) return;
  }
}

void EarlyHasher::scan_once() {
  std::error_code ec;
  if (!std::filesystem::is_directory(m_dir, ec)) return;
  for (const auto& rel : list_files(m_dir)) {
    {
      std::lock_guard<std::mutex> lock(m_mutex);
      if (m_stop) return;
    }
    if (!rel.ends_with(".safetensors")) continue;
    const core::fs::path path = m_dir / rel;
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY);
    if (fd < 0) continue;
    struct stat st{};
    FileStamp before = stamp_of(fd);
    bool regular = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
    auto known = m_done.find(rel);
    if (!regular || (known != m_done.end() && known->second.stamp == before)) {
      ::close(fd);
      continue;
    }
    struct timespec now{};
    ::clock_gettime(CLOCK_REALTIME, &now);
    std::int64_t now_ns = static_cast<std::int64_t>(now.tv_sec) * 1000000000LL + now.tv_nsec;
    bool quiet = now_ns - before.mtime_ns >= std::chrono::duration_cast<std::chrono::nanoseconds>(m_quiet).count();
    if (!quiet || declared_safetensors_size(path) != before.size) {
      ::close(fd);
      continue;
    }
    std::string hex;
    std::string error;
    std::uint64_t bytes = 0;
    bool ok = hash_open_file(fd, hex, error, bytes);
    FileStamp after = stamp_of(fd);
    ::close(fd);
    // Written to while it was read: not kept; the next scan (or verification) reads it again.
    if (ok && bytes == before.size && after == before) {
      m_done[rel] = StampedDigest{before, hex};
      ++m_taken;
    }
  }
}

}  // namespace verify
