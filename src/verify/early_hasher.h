// Hashing while the writer is still running: the run flow starts an EarlyHasher on
// the output directory before quark-cli starts and finishes it when quark-cli has exited. In
// between, a thread looks at the directory twice a second (at once again while it is catching
// up) and follows every file that starts with a valid safetensors header, the temporary file
// safetensors writes under a hidden name included (verify/file_follower.h): it hashes what the
// writer has finished as the writer goes, so that a 9 GB export is hashed when its last byte
// is written instead of seconds after quark-cli exits. When the writer has ended, finish()
// reads each file to its end and returns the digests under the files' final names (matched by
// inode, which a rename keeps). hash_files() reuses a digest only after checking it (by stamp,
// or by its pieces, in parallel) and hashes everything else, so the result is always the
// digest of the final bytes. The hasher knows nothing of processes: it is told when to start
// and stop.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <optional>
#include <thread>

#include "verify/file_follower.h"
#include "verify/file_hasher.h"

namespace verify {

class EarlyHasher {
 public:
  // `quiet`: how long a file must have gone unmodified, when first seen complete, for its digest
  // to be reused by its stamp alone (covers file systems whose timestamps are coarser than the
  // writes); any other is checked again by its pieces.
  explicit EarlyHasher(core::fs::path dir, std::chrono::milliseconds poll = std::chrono::milliseconds(500),
                       std::chrono::milliseconds quiet = std::chrono::milliseconds(1000));
  ~EarlyHasher();
  EarlyHasher(const EarlyHasher&) = delete;
  EarlyHasher& operator=(const EarlyHasher&) = delete;

  void start();
  // Stops looking and, the writer having ended, reads every followed file to its end (the
  // tail the writer wrote last). Returns every complete digest by path relative to the
  // directory: the name the file has now.
  StampedDigests finish();
  // How many files have been hashed to their end so far (for tests and progress).
  std::size_t taken() const { return m_taken.load(); }
  // How many bytes finish() read after the writer had ended: what the user waited for.
  std::uint64_t tail_bytes() const { return m_tail_bytes; }

 private:
  void loop();
  // One look at the directory; true when it read something (so the next look comes at once).
  bool scan_once();
  bool stopping();

  core::fs::path m_dir;
  std::chrono::milliseconds m_poll;
  std::chrono::milliseconds m_quiet;
  std::thread m_thread;
  std::mutex m_mutex;
  std::condition_variable m_wake;
  bool m_stop = false;
  // Touched by the thread only until it is joined. By (device, inode): a rename keeps both.
  std::map<std::pair<std::uint64_t, std::uint64_t>, FileFollower> m_followed;
  std::map<std::string, FileStamp> m_not_safetensors;  // looked at; looked at again when changed
  std::atomic<std::size_t> m_taken{0};
  bool m_finished = false;
  std::uint64_t m_tail_bytes = 0;
  StampedDigests m_result;
};

}  // namespace verify
