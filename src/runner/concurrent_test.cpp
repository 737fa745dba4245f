// run_together: the captures of its tasks run at the same time, the tick comes while they run,
// and one stop signal stops every capture inside (each its own "runner.probe_interrupted").
#include "runner/concurrent.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <thread>
#include <unistd.h>

#include "runner/capture.h"

namespace runner {
namespace {

CommandSpec sh(const std::string& script) { return CommandSpec{{"/bin/sh", "-c", script}, {}, {}, {}}; }

double since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

TEST(RunTogether, TwoCapturesRunAtTheSameTimeAndTheTickComesMeanwhile) {
  std::optional<core::Result<CaptureResult>> a, b;
  std::atomic<int> ticks{0};
  auto t0 = std::chrono::steady_clock::now();
  run_together({[&] { a = capture(sh("sleep 1; echo a"), 10); }, [&] { b = capture(sh("sleep 1; echo b"), 10); }}, 0.2, [&] { ++ticks; });
  double s = since(t0);
  ASSERT_TRUE(a && *a && b && *b);
  EXPECT_EQ((*a)->out, "a\n");
  EXPECT_EQ((*b)->out, "b\n");
  EXPECT_LT(s, 1.9);  // not one after the other
  EXPECT_GE(ticks.load(), 2);
  EXPECT_LE(ticks.load(), 6);
}

TEST(RunTogether, NoTickWhenTheIntervalIsOff) {
  std::atomic<int> ticks{0};
  run_together({[] { (void)capture(sh("sleep 0.3"), 10); }}, 0, [&] { ++ticks; });
  EXPECT_EQ(ticks.load(), 0);
}

TEST(RunTogether, OneStopSignalStopsEveryCaptureInside) {
  std::optional<core::Result<CaptureResult>> a, b;
  std::thread sender([] {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    ::kill(::getpid(), SIGTERM);
  });
  auto t0 = std::chrono::steady_clock::now();
  run_together({[&] { a = capture(sh("sleep 30"), 60); }, [&] { b = capture(sh("sleep 30"), 60); }});
  sender.join();
  EXPECT_LT(since(t0), 5.0);
  ASSERT_TRUE(a && b);
  ASSERT_FALSE(*a);
  ASSERT_FALSE(*b);
  EXPECT_EQ(a->error().id, "runner.probe_interrupted");
  EXPECT_EQ(b->error().id, "runner.probe_interrupted");
  EXPECT_EQ(a->error().code, core::ExitCode::interrupted);
  EXPECT_EQ(shared_stop_fd(), -1);  // the relay is gone with run_together
}

}  // namespace
}  // namespace runner
