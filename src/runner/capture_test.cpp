// The probe deadline must hold after the child closes its pipes; a probe
// that exits but leaves a background process holding them is not "timed out"; a stop signal
// during a probe kills the probe's group and is reported as an interruption.
#include "runner/capture.h"

#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <thread>
#include <unistd.h>

#include "core/fs.h"
#include "support/temp_dir.h"

namespace runner {
namespace {

CommandSpec sh(const std::string& script) { return CommandSpec{{"/bin/sh", "-c", script}, {}, {}, {}}; }

TEST(Capture, DeadlineHoldsAfterTheChildClosesItsPipes) {
  auto t0 = std::chrono::steady_clock::now();
  auto r = capture(sh("exec >&- 2>&-; sleep 30"), 0.5);
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  ASSERT_TRUE(r);
  EXPECT_TRUE(r->timed_out);
  EXPECT_LT(s, 5.0);
}

TEST(Capture, ABackgroundProcessLeftBehindIsNotATimeout) {
  auto t0 = std::chrono::steady_clock::now();
  auto r = capture(sh("echo '{\"ok\": true}'; sleep 30 & exit 0"), 10);
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  ASSERT_TRUE(r);
  EXPECT_FALSE(r->timed_out);
  EXPECT_TRUE(r->left_background);
  ASSERT_TRUE(r->exit_code);
  EXPECT_EQ(*r->exit_code, 0);
  EXPECT_EQ(r->out, "{\"ok\": true}\n");
  EXPECT_LT(s, 5.0);
}

TEST(Capture, OrdinaryChildIsUnchanged) {
  auto r = capture(sh("echo out; echo err >&2; exit 3"), 10);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->out, "out\n");
  EXPECT_EQ(r->err, "err\n");
  EXPECT_EQ(*r->exit_code, 3);
  EXPECT_FALSE(r->timed_out);
  EXPECT_FALSE(r->left_background);
}

TEST(Capture, StopSignalKillsTheProbeGroupAndIsAnInterruption) {
  test_support::TempDir dir;
  auto pidfile = dir.path() / "bg.pid";
  std::thread killer([pidfile] {
    for (int i = 0; i < 500 && !core::exists(pidfile); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    ::kill(::getpid(), SIGTERM);
  });
  auto r = capture(sh("sleep 30 & echo $! > '" + pidfile.string() + "'; wait"), 20);
  killer.join();
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, core::ExitCode::interrupted);
  EXPECT_EQ(r.error().id, "runner.probe_interrupted");
  auto bg = core::read_file(pidfile);
  ASSERT_TRUE(bg);
  pid_t p = std::stoi(*bg);
  // Gone, or a zombie waiting for whoever inherited it: not running either way.
  auto running = [p] {
    auto stat = core::read_file("/proc/" + std::to_string(p) + "/stat");
    if (!stat) return false;
    auto close = stat->rfind(')');
    return close != std::string::npos && close + 2 < stat->size() && (*stat)[close + 2] != 'Z' && (*stat)[close + 2] != 'X';
  };
  for (int i = 0; i < 100 && running(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_FALSE(running());  // the background sleep went with the group
}

}  // namespace
}  // namespace runner
