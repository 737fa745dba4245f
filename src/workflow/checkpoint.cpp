#include "workflow/checkpoint.h"
#include "core/errno_text.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <thread>

#include "core/atomic_file.h"
#include "core/clock.h"
#include "core/messages.h"
#include "core/sha256.h"
#include "core/version.h"

namespace workflow {

std::string checkpoint_reason_id(Checkpoint c) { return "workflow.reason_" + std::string(checkpoint_name(c)); }

std::string execution_reason_id(bool model_is_local, bool runs_on_cpu) {
  return std::string("workflow.reason_execution_") + (model_is_local ? "local" : "hub") + (runs_on_cpu ? "_cpu" : "_gpu");
}

Confirmation make_confirmation(Checkpoint c, std::string digest, std::string user_words, std::string decision, std::string via) {
  Confirmation out;
  out.checkpoint = c;
  out.reason = core::msg(core::Lang::en, checkpoint_reason_id(c));
  out.digest = std::move(digest);
  out.confirmed_at = core::now_utc_iso8601();
  out.user_words = std::move(user_words);
  out.decision = std::move(decision);
  out.tool_version = std::string(std::string(core::tool_version()));
  out.via = std::move(via);
  return out;
}

std::string artifact_digest(const core::Json& artifact) { return artifacts::confirmed_digest(artifact); }

core::Json confirmation_to_json(const Confirmation& c) { return c.to_json(); }

core::Result<std::vector<Confirmation>> load_confirmations(const Workdir& wd) {
  std::vector<Confirmation> out;
  if (!core::exists(wd.checkpoints())) return out;
  // Every way the file can be damaged gets the same way out. It names checkpoint 1, the first
  // confirmation to give again, not `status`, which reads this file and fails the same way.
  auto damaged = [&wd](std::string detail) {
    return core::make_error(core::ExitCode::bad_input, "workflow.checkpoints_invalid")
        .with("path", wd.checkpoints().string())
        .with("command", "quark-ptq confirm analysis")
        .with_detail(std::move(detail));
  };
  auto doc = core::read_json_file(wd.checkpoints());
  if (!doc) {
    if (doc.error().code != core::ExitCode::bad_input) return core::fail(std::move(doc).error());
    return damaged(doc.error().detail);
  }
  auto read = artifacts::Checkpoints::from_json(*doc);
  if (!read) {
    const std::string* problem = read.error().arg("problem");
    return damaged(problem != nullptr ? *problem : read.error().id);
  }
  return std::move(read->confirmations);
}

bool passes_checkpoint(const Confirmation& c) {
  switch (c.checkpoint) {
    case Checkpoint::analysis:
    case Checkpoint::plan:
      return c.decision == "confirmed";
    case Checkpoint::execution:
      return c.decision == "approved";
    case Checkpoint::result:
      return c.decision == "accepted" || c.decision == "followup";
  }
  return false;
}

std::optional<Confirmation> latest_confirmation(const std::vector<Confirmation>& all, Checkpoint c) {
  for (auto it = all.rbegin(); it != all.rend(); ++it) {
    if (it->checkpoint == c) return *it;
  }
  return std::nullopt;
}

namespace {

// An exclusive flock(2) on <workdir>/.checkpoints.lock, held while checkpoints.json is read,
// checked and rewritten: the run lock's discipline (runner/run_lock.h), so the kernel drops
// it with its holder and no stale-lock rule is needed. The lock is a file of its own because
// checkpoints.json is replaced by rename (a lock on it would stay on the old inode), and not
// the workdir itself, which a run holds for hours. Never followed through a link.
class CheckpointsLock {
 public:
  static core::Result<CheckpointsLock> acquire(const Workdir& wd) {
    std::filesystem::path path = wd.root / kCheckpointsLockName;
    auto failed = [&](int err) {
      return core::make_error(core::ExitCode::bad_input, "workflow.checkpoints_lock_failed")
          .with("path", path.string())
          .with_detail(core::errno_text(err));
    };
    int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0600);
    if (fd < 0) return failed(errno);
    CheckpointsLock lock(fd);
    struct stat st {};
    if (::fstat(fd, &st) != 0) return failed(errno);
    if (!S_ISREG(st.st_mode)) return failed(EINVAL);
    // Another decision holds it for milliseconds; one held for long is a stuck process.
    const auto deadline = std::chrono::steady_clock::now() + kCheckpointsLockWait;
    while (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
      if (errno != EWOULDBLOCK && errno != EINTR) return failed(errno);
      if (std::chrono::steady_clock::now() >= deadline) {
        return core::make_error(core::ExitCode::bad_input, "workflow.checkpoints_locked")
            .with("path", path.string())
            .with("seconds", std::to_string(kCheckpointsLockWait.count()));
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return lock;
  }
  CheckpointsLock(CheckpointsLock&& o) noexcept : m_fd(o.m_fd) { o.m_fd = -1; }
  CheckpointsLock(const CheckpointsLock&) = delete;
  CheckpointsLock& operator=(const CheckpointsLock&) = delete;
  CheckpointsLock& operator=(CheckpointsLock&&) = delete;
  ~CheckpointsLock() {
    if (m_fd >= 0) ::close(m_fd);
  }

 private:
  explicit CheckpointsLock(int fd) : m_fd(fd) {}
  int m_fd = -1;
};

}  // namespace

core::Result<Confirmation> record_confirmation(const Workdir& wd, const Confirmation& c, const AlreadyRecorded& already) {
  QPTQ_TRY_ASSIGN(CheckpointsLock lock, CheckpointsLock::acquire(wd));
  QPTQ_TRY_ASSIGN(auto all, load_confirmations(wd));
  if (already) {
    if (std::optional<Confirmation> existing = already(all)) return *existing;
  }
  all.push_back(c);
  QPTQ_TRY(core::write_file_atomic(wd.checkpoints(), core::dump_pretty(artifacts::Checkpoints{std::move(all)}.to_json())));
  return c;
}

}  // namespace workflow
