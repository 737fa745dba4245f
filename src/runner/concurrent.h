// Several short captures at once (the plan's capability probe beside its model oracle), each
// task on a thread of its own, joined before run_together returns. While they run, one signal
// relay serves them all: a SIGINT, SIGTERM or SIGHUP to quark-ptq stops every capture inside
// (each kills its child's process group and answers "runner.probe_interrupted", as a lone
// capture does). The calling thread waits and calls `on_tick` every `tick_seconds` (<= 0:
// never), so that a caller can say what is still running.
#pragma once

#include <functional>
#include <optional>
#include <vector>

namespace runner {

void run_together(const std::vector<std::function<void()>>& tasks, double tick_seconds = 0, const std::function<void()>& on_tick = {});

// Inside run_together, on any thread: the fd a capture polls for a stop (readable from the
// first stop on, never drained) and the signal that stopped it. -1 / nullopt outside.
int shared_stop_fd();
std::optional<int> shared_stop_signal();

}  // namespace runner
