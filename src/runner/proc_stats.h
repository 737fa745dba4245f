// What /proc says about memory and processes (Linux). Reading these files is cheap enough to
// do every couple of seconds while a run is monitored.
#pragma once

#include <cstdint>
#include <optional>


namespace runner {

struct HostMemory {
  std::int64_t total_mib = 0;
  std::int64_t used_mib = 0;       // MemTotal - MemAvailable
};

std::optional<HostMemory> read_host_memory();
// Resident memory of every process in process group `pgid` (the child and its children).
std::int64_t process_group_rss_mib(int pgid);
}  // namespace runner
