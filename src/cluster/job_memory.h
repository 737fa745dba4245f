// A Slurm job's memory over time as the local monitor records a child's: sstat's answers for
// the batch step, taken while the job runs, folded into the runner's ResourceSummary (the
// timeline's group_rss_mib is the step's resident memory then, the peak its MaxRSS), with
// sacct's MaxRSS at the end raising the peak where accounting has it. The node's own memory
// in use is not asked: host_used_mib stays 0 and host_total_mib 0 for a job.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "cluster/step_memory.h"
#include "runner/resource_sampler.h"

namespace cluster {

// Where the recorded peak came from, for run.job.memory.
struct JobMemoryRecord {
  int samples = 0;                                // sstat answers that held the step's sizes
  int unreadable = 0;                             // sstat lines of the step kept as unknown
  std::optional<std::int64_t> sstat_max_rss_mib;  // the largest MaxRSS sstat said
  std::optional<std::int64_t> sacct_max_rss_mib;  // accounting's MaxRSS at the end
  std::string node;                               // MaxRSSNode of the peak
};

class JobMemory {
 public:
  // One sstat answer, `t` seconds into the job's run.
  void add_sample(double t, const StepMemory& step);
  // Accounting's figure once the job has ended.
  void add_accounted(const StepMemory& step);

  const runner::ResourceSummary& summary() const { return m_summary; }
  const JobMemoryRecord& record() const { return m_record; }

 private:
  void raise_peak(std::int64_t mib, const std::string& node);

  runner::ResourceSummary m_summary;
  JobMemoryRecord m_record;
};

}  // namespace cluster
