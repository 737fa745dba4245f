// What /proc says about memory and processes (Linux). Reading these files is cheap enough to
// do every couple of seconds while a run is monitored.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace runner {

struct HostMemory {
  std::int64_t total_mib = 0;
  std::int64_t used_mib = 0;  // MemTotal - MemAvailable
};

std::optional<HostMemory> read_host_memory();
// Resident memory of every process in process group `pgid` (the child and its children).
std::int64_t process_group_rss_mib(int pgid);

// The same, cheaper when sampled repeatedly: a full scan of /proc only every `rescan_every`
// samples (to find new members); in between only the known members' stat files are read.
class GroupRss {
 public:
  GroupRss(int pgid, int rescan_every) : m_pgid(pgid), m_rescan_every(rescan_every) {}
  std::int64_t sample_mib();
  // The members seen by the last sample.
  const std::vector<int>& members() const { return m_members; }

 private:
  int m_pgid;
  int m_rescan_every;
  int m_count = 0;
  std::vector<int> m_members;
};
}  // namespace runner
