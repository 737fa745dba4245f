#include "runner/concurrent.h"

#include <poll.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>

#include "runner/signal_relay.h"
#include "runner/stop_switch.h"

namespace runner {

namespace {

// The switch of the run_together in progress (one at a time: a plan runs one).
std::atomic<StopSwitch*> g_shared{nullptr};
std::mutex g_one_at_a_time;

}  // namespace

int shared_stop_fd() {
  StopSwitch* s = g_shared.load();
  return s == nullptr ? -1 : s->fd();
}

std::optional<int> shared_stop_signal() {
  StopSwitch* s = g_shared.load();
  return s == nullptr ? std::nullopt : s->requested();
}

void run_together(const std::vector<std::function<void()>>& tasks, double tick_seconds, const std::function<void()>& on_tick) {
  std::lock_guard<std::mutex> one(g_one_at_a_time);
  SignalRelay relay;
  StopSwitch stop;
  g_shared.store(&stop);
  std::atomic<std::size_t> done{0};
  std::vector<std::thread> threads;
  threads.reserve(tasks.size());
  for (const auto& task : tasks) {
    threads.emplace_back([&task, &done] {
      task();
      ++done;
    });
  }
  using clock = std::chrono::steady_clock;
  const bool ticking = tick_seconds > 0 && on_tick;
  const auto every = std::chrono::duration_cast<clock::duration>(std::chrono::duration<double>(tick_seconds > 0 ? tick_seconds : 1));
  auto next_tick = clock::now() + every;
  while (done.load() < tasks.size()) {
    pollfd p{relay.ok() ? relay.fd() : -1, POLLIN, 0};
    int wait_ms = 50;  // how soon the end of the last task is noticed
    ::poll(&p, 1, wait_ms);
    if ((p.revents & POLLIN) != 0) {
      if (auto sig = relay.take()) stop.request(*sig);
    }
    if (ticking && clock::now() >= next_tick && done.load() < tasks.size()) {
      on_tick();
      next_tick += every;
    }
  }
  for (auto& t : threads) t.join();
  g_shared.store(nullptr);
}

}  // namespace runner
