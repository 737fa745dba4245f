#include "cluster/sstat.h"

#include <charconv>

#include "core/text.h"

namespace cluster {

std::vector<std::string> sstat_argv(const std::string& job_id, const std::string& sstat) {
  return {sstat, "--noheader", "--parsable2", "--jobs=" + job_id + ".batch", "--format=JobID,MaxRSS,AveRSS,NTasks,MaxRSSNode"};
}

std::optional<StepMemory> parse_sstat(std::string_view out, const std::string& job_id) {
  const std::string step = job_id + ".batch";
  std::optional<StepMemory> found;
  for (std::string_view line : core::split_lines(out)) {
    std::vector<std::string> f = core::split(line, '|');
    if (f[0] != step) continue;
    StepMemory m;
    m.step_id = step;
    if (f.size() != 5) {
      m.unread = std::string(line);
      found = m;
      continue;
    }
    m.max_rss_kib = parse_size_kib(f[1]);
    auto average = parse_size_kib(f[2]);
    long tasks = 0;
    auto [end, ec] = std::from_chars(f[3].data(), f[3].data() + f[3].size(), tasks);
    const bool tasks_read = ec == std::errc() && end == f[3].data() + f[3].size() && tasks > 0 && tasks < 1000000;
    if (average && tasks_read) m.rss_kib = *average * tasks;
    m.node = f[4];
    if (!m.max_rss_kib || !m.rss_kib) m.unread = std::string(line);
    found = m;
  }
  return found;
}

}  // namespace cluster
