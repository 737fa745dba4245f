// Two runs at once on one workdir or output directory, and a
// quark-cli left running after quark-ptq was killed.
#include "runner/run_lock.h"

#include <gtest/gtest.h>

#include <csignal>
#include <sys/wait.h>
#include <unistd.h>

#include "support/temp_dir.h"

namespace runner {
namespace {

TEST(DirectoryLock, OneHolderAtATime) {
  test_support::TempDir dir;
  EXPECT_FALSE(directory_locked(dir.path()));
  {
    auto first = DirectoryLock::acquire(dir.path(), "workdir");
    ASSERT_TRUE(first);
    EXPECT_TRUE(directory_locked(dir.path()));
    auto second = DirectoryLock::acquire(dir.path(), "workdir");
    ASSERT_FALSE(second);
    EXPECT_EQ(second.error().id, "runner.locked");
    EXPECT_EQ(*second.error().arg("what"), "workdir");
  }
  EXPECT_FALSE(directory_locked(dir.path()));  // released with its holder
  EXPECT_TRUE(DirectoryLock::acquire(dir.path(), "workdir"));
  EXPECT_EQ(DirectoryLock::acquire(dir.path() / "missing", "workdir").error().id, "runner.lock_failed");
}

// The lock survives its taker's death while a child it started lives, and goes with the child.
TEST(DirectoryLock, AChildKeepsTheLockAfterItsParentDies) {
  test_support::TempDir dir;
  int ready[2];
  ASSERT_EQ(::pipe(ready), 0);
  pid_t monitor = ::fork();
  ASSERT_GE(monitor, 0);
  if (monitor == 0) {
    auto lock = DirectoryLock::acquire(dir.path(), "workdir");
    if (!lock) ::_exit(1);
    pid_t child = ::fork();  // the quark-cli stand-in, inheriting the descriptor
    if (child == 0) {
      ::close(ready[0]);
      ::pause();
      ::_exit(0);
    }
    (void)!::write(ready[1], &child, sizeof(child));
    ::_exit(0);  // the monitor dies; its child lives on
  }
  ::close(ready[1]);
  pid_t child = 0;
  ASSERT_EQ(::read(ready[0], &child, sizeof(child)), static_cast<ssize_t>(sizeof(child)));
  ::waitpid(monitor, nullptr, 0);
  EXPECT_TRUE(directory_locked(dir.path()));
  EXPECT_FALSE(DirectoryLock::acquire(dir.path(), "workdir"));
  ::kill(child, SIGKILL);
  for (int i = 0; i < 200 && directory_locked(dir.path()); ++i) ::usleep(10000);
  EXPECT_FALSE(directory_locked(dir.path()));
}

}  // namespace
}  // namespace runner
