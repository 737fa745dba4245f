// Hashing while the writer is still running (issue 19): the run flow starts an EarlyHasher on
// the output directory before quark-cli starts and finishes it when quark-cli has exited. In
// between, a thread looks at the directory twice a second and hashes every *.safetensors file
// that is complete by its own header (size = 8 + header length + the largest data_offsets
// end) and has not been modified for a second. Each digest is kept with the file's stamp
// (device, inode, size, mtime in ns) from before and after the read, and only when the two
// agree; hash_files() then reuses a digest only when the file, opened after quark-cli exited,
// still has that stamp, and hashes everything else. The result is always the digest of the
// final bytes. The hasher knows nothing of processes: it is told when to start and stop.
#pragma once

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <thread>

#include "verify/file_hasher.h"

namespace verify {

class EarlyHasher {
 public:
  // `quiet`: how long a file must have gone unmodified before it is read (covers file systems
  // whose timestamps are coarser than the writes).
  explicit EarlyHasher(core::fs::path dir, std::chrono::milliseconds poll = std::chrono::milliseconds(500),
                       std::chrono::milliseconds quiet = std::chrono::milliseconds(1000));
  ~EarlyHasher();
  EarlyHasher(const EarlyHasher&) = delete;
  EarlyHasher& operator=(const EarlyHasher&) = delete;

  void start();
  // Stops looking; a file being hashed is finished (verification would read it next anyway).
  // Returns every digest taken, by path relative to the directory.
  StampedDigests finish();
  // How many digests have been taken so far (for tests and progress).
  std::size_t taken() const { return m_taken.load(); }

 private:
  void loop();
  void scan_once();

  core::fs::path m_dir;
  std::chrono::milliseconds m_poll;
  std::chrono::milliseconds m_quiet;
  std::thread m_thread;
  std::mutex m_mutex;
  std::condition_variable m_wake;
  bool m_stop = false;
  StampedDigests m_done;  // touched by the thread only until it is joined
  std::atomic<std::size_t> m_taken{0};
};

// The size a safetensors file has once completely written, from its header: 8 + header
// length + the largest data_offsets end; nullopt when the header cannot be read yet.
std::optional<std::uint64_t> declared_safetensors_size(const core::fs::path& path);

}  // namespace verify
