// The waiting child against real children (/bin/sh scripts: tests may use a shell, the product
// never does): the go line opens the gate and the run is followed from then on; a release
// closes it and the child exits having done nothing, or is killed with its group when it does
// not; no child outlives its WaitingChild; nobody but quark-ptq holds the gate.
#include "runner/waiting_child.h"

#include <gtest/gtest.h>

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <thread>

#include "core/fs.h"
#include "runner/monitored_run.h"
#include "support/temp_dir.h"

namespace runner {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// A child that waits like the evaluator: one line, "go" proceeds, anything else exits 10.
constexpr const char* kGate = "read line || exit 10; [ \"$line\" = go ] || exit 10; ";

CommandSpec sh(const std::string& script) { return CommandSpec{{"/bin/sh", "-c", script}, {}, {}, {}}; }

MonitorOptions quiet(const fs::path& log) {
  MonitorOptions o;
  o.log_path = log;
  o.echo_stdout_fd = -1;
  o.echo_stderr_fd = -1;
  o.sample_gpu = false;
  o.host_sample_interval = 0.05;
  o.stop_grace_seconds = 0.5;
  return o;
}

std::string text_of(const fs::path& p) {
  auto r = core::read_file(p);
  return r ? *r : std::string("<unreadable>");
}

bool alive(pid_t pid) { return ::kill(pid, 0) == 0 || errno != ESRCH; }

bool wait_for_file(const fs::path& p) {
  for (int i = 0; i < 500 && !core::exists(p); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  return core::exists(p);
}

TEST(WaitingChild, GoOpensTheGateAndTheRunIsFollowedFromThere) {
  test_support::TempDir dir;
  auto child = WaitingChild::start(sh(std::string(kGate) + "echo went; echo on stderr >&2; exit 7"));
  ASSERT_TRUE(child) << child.error().id;
  const pid_t pid = child->pid();
  auto run = run_monitored(std::move(*child), "go\n", quiet(dir.path() / "run.log"), nullptr);
  ASSERT_TRUE(run) << run.error().id;
  EXPECT_EQ(run->pid, pid);
  EXPECT_EQ(run->exit_code, 7);
  EXPECT_EQ(text_of(dir.path() / "run.log"), "went\non stderr\n");
  EXPECT_FALSE(alive(pid));
}

TEST(WaitingChild, WhatItWroteWhileWaitingReachesTheLogAtTheGo) {
  test_support::TempDir dir;
  auto child = WaitingChild::start(sh(std::string("echo ready; ") + kGate + "echo after"));
  ASSERT_TRUE(child);
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  EXPECT_FALSE(core::exists(dir.path() / "run.log"));  // nothing is created before the go
  auto run = run_monitored(std::move(*child), "go\n", quiet(dir.path() / "run.log"), nullptr);
  ASSERT_TRUE(run);
  EXPECT_TRUE(run->exited_zero());
  EXPECT_EQ(text_of(dir.path() / "run.log"), "ready\nafter\n");
}

TEST(WaitingChild, TheDeadlineAndTheClockCountFromTheGo) {
  test_support::TempDir dir;
  auto child = WaitingChild::start(sh(std::string(kGate) + "sleep 1"));
  ASSERT_TRUE(child);
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  MonitorOptions o = quiet(dir.path() / "run.log");
  o.timeout_seconds = 2;  // 2.5 s from the start, 1 s from the go
  auto run = run_monitored(std::move(*child), "go\n", o, nullptr);
  ASSERT_TRUE(run);
  EXPECT_FALSE(run->timed_out);
  EXPECT_TRUE(run->exited_zero());
  EXPECT_LT(run->wall_seconds, 1.9);
}

TEST(WaitingChild, AnythingButGoAtTheGateIsARelease) {
  test_support::TempDir dir;
  const fs::path marker = dir.path() / "worked";
  auto child = WaitingChild::start(sh(std::string(kGate) + "touch '" + marker.string() + "'"));
  ASSERT_TRUE(child);
  auto run = run_monitored(std::move(*child), "start\n", quiet(dir.path() / "run.log"), nullptr);
  ASSERT_TRUE(run);
  EXPECT_EQ(run->exit_code, 10);
  EXPECT_FALSE(core::exists(marker));
}

TEST(WaitingChild, ReleasedAtTheGateItExitsHavingDoneNothing) {
  test_support::TempDir dir;
  const fs::path ready = dir.path() / "ready";
  const fs::path marker = dir.path() / "worked";
  auto child = WaitingChild::start(sh("touch '" + ready.string() + "'; " + kGate + "touch '" + marker.string() + "'"));
  ASSERT_TRUE(child);
  ASSERT_TRUE(wait_for_file(ready));
  const pid_t pid = child->pid();
  ReleasedChild r = child->release(5);
  EXPECT_EQ(r.exit_code, 10);
  EXPECT_FALSE(r.killed);
  EXPECT_FALSE(child->holds());
  EXPECT_FALSE(core::exists(marker));
  EXPECT_FALSE(alive(pid));
  EXPECT_EQ(child->release().exit_code, std::nullopt);  // a second release has nothing to do
}

TEST(WaitingChild, OneStillGettingReadyIsKilledWithItsGroupAfterTheGrace) {
  test_support::TempDir dir;
  const fs::path grandchild = dir.path() / "grandchild.pid";
  // Busy before it reaches the gate, with a process of its own in its group.
  auto child = WaitingChild::start(sh("sleep 30 & echo $! > '" + grandchild.string() + "'; sleep 30; " + kGate));
  ASSERT_TRUE(child);
  ASSERT_TRUE(wait_for_file(grandchild));
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  const pid_t sleeper = static_cast<pid_t>(std::stol("0" + text_of(grandchild)));
  ASSERT_GT(sleeper, 0);
  const auto t0 = Clock::now();
  ReleasedChild r = child->release(0.2);
  EXPECT_LT(std::chrono::duration<double>(Clock::now() - t0).count(), 3.0);
  EXPECT_TRUE(r.killed);
  EXPECT_EQ(r.signal, SIGKILL);
  // The grandchild was SIGKILLed with the group; its parent is gone, so init reaps it.
  bool gone = false;
  for (int i = 0; i < 300 && !gone; ++i) {
    gone = !alive(sleeper);
    if (!gone) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_TRUE(gone);
}

TEST(WaitingChild, TheDestructorReleasesIt) {
  test_support::TempDir dir;
  const fs::path ready = dir.path() / "ready";
  pid_t pid = -1;
  {
    auto child = WaitingChild::start(sh("touch '" + ready.string() + "'; " + kGate + "sleep 30"));
    ASSERT_TRUE(child);
    ASSERT_TRUE(wait_for_file(ready));
    pid = child->pid();
    EXPECT_TRUE(alive(pid));
  }
  EXPECT_FALSE(alive(pid));  // exited and reaped
}

TEST(WaitingChild, AssigningOverOneReleasesIt) {
  auto first = WaitingChild::start(sh(std::string(kGate) + "sleep 30"));
  auto second = WaitingChild::start(sh(std::string(kGate) + "sleep 30"));
  ASSERT_TRUE(first);
  ASSERT_TRUE(second);
  const pid_t pid = first->pid();
  *first = std::move(*second);
  EXPECT_FALSE(alive(pid));
  EXPECT_TRUE(first->holds());
  EXPECT_FALSE(second->holds());  // NOLINT(bugprone-use-after-move): moved-from holds nothing by contract
}

TEST(WaitingChild, NoOtherChildHoldsItsGate) {
  test_support::TempDir dir;
  const fs::path ready = dir.path() / "ready";
  auto first = WaitingChild::start(sh("touch '" + ready.string() + "'; " + kGate + "sleep 30"));
  ASSERT_TRUE(first);
  ASSERT_TRUE(wait_for_file(ready));
  // Started after it, as quark-cli is started after the evaluator: if it had inherited the
  // first one's gate, that gate would not close on release.
  auto other = WaitingChild::start(sh("sleep 30"));
  ASSERT_TRUE(other);
  ReleasedChild r = first->release(5);
  EXPECT_EQ(r.exit_code, 10);
  EXPECT_FALSE(r.killed);
}

TEST(WaitingChild, OneGoneBeforeTheGoIsFollowedToItsEnd) {
  test_support::TempDir dir;
  auto child = WaitingChild::start(sh("echo gone >&2; exit 4"));
  ASSERT_TRUE(child);
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  auto run = run_monitored(std::move(*child), "go\n", quiet(dir.path() / "run.log"), nullptr);
  ASSERT_TRUE(run);
  EXPECT_EQ(run->exit_code, 4);
  EXPECT_EQ(text_of(dir.path() / "run.log"), "gone\n");
}

TEST(WaitingChild, AProgramThatIsNotThereIsAnError) {
  auto child = WaitingChild::start(CommandSpec{{"/nonexistent/python"}, {}, {}, {}});
  ASSERT_FALSE(child);
  EXPECT_EQ(child.error().id, "runner.spawn_failed");
  test_support::TempDir dir;
  auto run = run_monitored(WaitingChild{}, "go\n", quiet(dir.path() / "run.log"), nullptr);
  EXPECT_FALSE(run);
}

TEST(WaitingChild, ALogThatCannotBeCreatedReleasesTheChild) {
  test_support::TempDir dir;
  auto child = WaitingChild::start(sh(std::string(kGate) + "sleep 30"));
  ASSERT_TRUE(child);
  const pid_t pid = child->pid();
  auto run = run_monitored(std::move(*child), "go\n", quiet(dir.path() / "missing-dir" / "run.log"), nullptr);
  EXPECT_FALSE(run);
  EXPECT_FALSE(alive(pid));
}

}  // namespace
}  // namespace runner
