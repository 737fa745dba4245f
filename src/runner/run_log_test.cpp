// The run log followed a symlink planted at a predictable name and
// truncated the file it pointed to.
#include "runner/run_log.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include "core/fs.h"
#include "runner/monitored_run.h"
#include "core/atomic_file.h"
#include "support/small_tmpfs.h"
#include "support/temp_dir.h"

namespace runner {
namespace {

TEST(RunLog, NamesAreUniqueAndCarryTimeAndPid) {
  std::string a = unique_log_name();
  std::string b = unique_log_name();
  EXPECT_NE(a, b);
  EXPECT_EQ(a.rfind("run-", 0), 0u);
  EXPECT_NE(a.find("-" + std::to_string(::getpid()) + "-"), std::string::npos);
  EXPECT_EQ(a.substr(a.size() - 4), ".log");
}

TEST(RunLog, NeverWritesThroughALinkOrIntoAnExistingFile) {
  test_support::TempDir dir;
  auto victim = dir.write("victim.txt", "precious");
  std::filesystem::create_directories(dir.path() / "logs");
  auto link = dir.path() / "logs" / "run.log";
  std::filesystem::create_symlink(victim, link);
  auto r = create_log_file(link);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().id, "runner.log_failed");
  auto existing = dir.write("logs/old.log", "old");
  EXPECT_FALSE(create_log_file(existing));
  EXPECT_EQ(core::read_file(existing).value(), "old");
  // logs/ itself a link to somewhere else.
  std::filesystem::create_directories(dir.path() / "elsewhere");
  std::filesystem::create_symlink(dir.path() / "elsewhere", dir.path() / "logs2");
  EXPECT_FALSE(create_log_file(dir.path() / "logs2" / "run.log"));
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "elsewhere" / "run.log"));
  // The monitored run refuses before it starts anything.
  MonitorOptions o;
  o.log_path = link;
  o.echo_stdout_fd = o.echo_stderr_fd = -1;
  o.sample_gpu = false;
  auto run = run_monitored(CommandSpec{{"/bin/true"}, {}, {}, {}}, o, nullptr);
  ASSERT_FALSE(run);
  EXPECT_EQ(run.error().id, "runner.log_failed");
  EXPECT_EQ(core::read_file(victim).value(), "precious");
  auto fd = create_log_file(dir.path() / "logs" / "new.log");
  ASSERT_TRUE(fd);
  ::close(*fd);
}

// The space set aside for the final record is allocated, given back by
// release(), replaces a reserve a killed run left, and is never made through a link.
TEST(DiskReserve, HoldsTheSpaceUntilReleasedAndNeverFollowsALink) {
  test_support::TempDir dir;
  auto path = dir.path() / ".run-reserve";
  dir.write(".run-reserve", "left by a killed run");
  {
    DiskReserve r = DiskReserve::create(path, 1 << 20);
    ASSERT_TRUE(r.held());
    EXPECT_EQ(std::filesystem::file_size(path), 1u << 20);
    r.release();
    EXPECT_FALSE(std::filesystem::exists(path));
  }
  auto target = dir.path() / "target";
  std::filesystem::create_symlink(target, path);
  DiskReserve r = DiskReserve::create(path, 1 << 20);
  EXPECT_FALSE(r.held());
  EXPECT_FALSE(std::filesystem::exists(target));
}

// On a filesystem that is really full (a small tmpfs, ENOSPC): the reserve, once released,
// takes a final record that no longer fits without it; and it is not held on a disk too full
// for it. The control (no reserve) shows the record would not have fit.
TEST(DiskReserve, MakesRoomForTheFinalRecordOnAFullFilesystem) {
  test_support::TempDir dir;
  const auto mnt = dir.path();
  const std::string record(256 << 10, 'r');  // a final manifest, generously sized
  int verdict = test_support::in_small_tmpfs(mnt, 2 << 20, [&] {
    {
      DiskReserve reserve = DiskReserve::create(mnt / ".run-reserve", 1 << 20);
      if (!reserve.held()) return 1;
      if (!test_support::fill_filesystem(mnt, "log")) return 2;                  // the run fills the disk
      if (core::write_file_atomic(mnt / "run_manifest.yaml", record)) return 3;  // control: no room
      reserve.release();
      if (!core::write_file_atomic(mnt / "run_manifest.yaml", record)) return 4;
      if (std::filesystem::exists(mnt / ".run-reserve")) return 5;
    }
    DiskReserve late = DiskReserve::create(mnt / ".run-reserve", 1 << 20);  // the disk is full now
    if (late.held() || std::filesystem::exists(mnt / ".run-reserve")) return 6;
    return 0;
  });
  if (verdict == test_support::kNoTmpfs) GTEST_SKIP() << "cannot mount a tmpfs here (no user namespace, not root)";
  EXPECT_EQ(verdict, 0) << "1: not held, 2: never filled, 3: the record fit without the reserve, 4: it did not fit after "
                           "release, 5: reserve left, 6: held on a full disk";
}

}  // namespace
}  // namespace runner
