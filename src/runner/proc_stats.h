// What /proc says about memory and processes (Linux). Reading these files is cheap enough to
// do every couple of seconds while a run is monitored.
#pragma once

#include <cstdint>
#include <optional>

#include "core/json_io.h"

namespace runner {

struct HostMemory {
  std::int64_t total_mib = 0;
  std::int64_t used_mib = 0;       // MemTotal - MemAvailable
};

std::optional<HostMemory> read_host_memory();
// Resident memory of every process in process group `pgid` (the child and its children).
std::int64_t process_group_rss_mib(int pgid);
// Field 22 of /proc/<pid>/stat: when the process started, in clock ticks since boot. Tells a
// live process from a later one that reused the pid.
std::optional<std::uint64_t> process_start_ticks(int pid);

// True when `pid` exists and (when known) started at `start_ticks`.
bool is_run_alive(int pid, std::optional<std::uint64_t> start_ticks);
// For a run_manifest.yaml `run` section: status "running" and its supervising quark-ptq
// (run.pid, run.pid_start_ticks) still alive. `quark-ptq status` shows a running manifest
// for which this is false as interrupted.
bool is_run_alive(const core::Json& run_section);

}  // namespace runner
