#include "verify/early_hasher.h"

#include <algorithm>

namespace verify {

EarlyHasher::EarlyHasher(core::fs::path dir, std::chrono::milliseconds poll, std::chrono::milliseconds quiet)
    : m_dir(std::move(dir)), m_poll(poll), m_quiet(quiet) {}

EarlyHasher::~EarlyHasher() { (void)finish(); }

void EarlyHasher::start() {
  if (m_thread.joinable() || m_finished) return;
  m_thread = std::thread([this] { loop(); });
}

bool EarlyHasher::stopping() {
  std::lock_guard<std::mutex> lock(m_mutex);
  return m_stop;
}

StampedDigests EarlyHasher::finish() {
  if (m_finished) return m_result;
  {
    std::lock_guard<std::mutex> lock(m_mutex);
    m_stop = true;
  }
  m_wake.notify_all();
  if (m_thread.joinable()) m_thread.join();
  m_finished = true;
  // The writer has ended: each followed file's tail is final now. Files that appeared since
  // the last look are left to verification, which reads them once anyway.
  for (auto& [key, f] : m_followed) {
    bool was_complete = f.complete();
    m_tail_bytes += f.advance(/*writer_done=*/true);
    if (!was_complete && f.complete()) ++m_taken;
  }
  for (const auto& rel : list_files(m_dir)) {
    auto st = regular_file_stamp(m_dir / rel);
    if (!st) continue;
    auto it = m_followed.find({st->device, st->inode});
    if (it == m_followed.end() || !it->second.complete()) continue;
    m_result[rel] = it->second.digest();
  }
  m_followed.clear();
  return m_result;
}

void EarlyHasher::loop() {
  for (;;) {
    bool busy = scan_once();
    // While a file is being written, look again soon: what is left when the writer ends is
    // what the user waits for.
    bool following = false;
    for (const auto& [key, f] : m_followed) following = following || (!f.complete() && f.failed().empty());
    auto wait = following ? std::min(m_poll, std::chrono::milliseconds(50)) : m_poll;
    std::unique_lock<std::mutex> lock(m_mutex);
    if (busy ? m_stop : m_wake.wait_for(lock, wait, [this] { return m_stop; })) return;
  }
}

bool EarlyHasher::scan_once() {
  std::error_code ec;
  if (!std::filesystem::is_directory(m_dir, ec)) return false;
  const auto quiet_ns = std::chrono::duration_cast<std::chrono::nanoseconds>(m_quiet).count();
  bool read = false;
  for (const auto& rel : list_files(m_dir)) {
    if (stopping()) return false;
    auto st = regular_file_stamp(m_dir / rel);
    if (!st) continue;
    std::pair<std::uint64_t, std::uint64_t> key{st->device, st->inode};
    if (m_followed.count(key) != 0) continue;
    // config.json, tokenizer files: opened again only when they change.
    auto seen = m_not_safetensors.find(rel);
    if (seen != m_not_safetensors.end() && seen->second == *st) continue;
    auto f = FileFollower::open(m_dir / rel, quiet_ns);
    if (!f) {
      m_not_safetensors[rel] = *st;
      continue;
    }
    m_not_safetensors.erase(rel);
    m_followed.emplace(key, std::move(*f));
  }
  for (auto& [key, f] : m_followed) {
    if (stopping()) return false;
    bool was_complete = f.complete();
    read = f.advance(/*writer_done=*/false) > 0 || read;
    if (!was_complete && f.complete()) ++m_taken;
  }
  return read;
}

}  // namespace verify
