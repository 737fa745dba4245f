#include "cluster/job_memory.h"

#include <algorithm>

namespace cluster {

void JobMemory::add_sample(double t, const StepMemory& step) {
  if (!step.unread.empty()) ++m_record.unreadable;
  if (step.max_rss_kib) {
    const std::int64_t mib = kib_to_mib(*step.max_rss_kib);
    m_record.sstat_max_rss_mib = std::max(m_record.sstat_max_rss_mib.value_or(0), mib);
    raise_peak(mib, step.node);
  }
  if (!step.rss_kib) return;
  ++m_record.samples;
  runner::ResourceSample s;
  s.t = t;
  s.group_rss_mib = kib_to_mib(*step.rss_kib);
  runner::append_to_timeline(m_summary.timeline, s);
}

void JobMemory::add_accounted(const StepMemory& step) {
  if (!step.max_rss_kib) return;
  const std::int64_t mib = kib_to_mib(*step.max_rss_kib);
  m_record.sacct_max_rss_mib = mib;
  raise_peak(mib, step.node);
}

void JobMemory::raise_peak(std::int64_t mib, const std::string& node) {
  // A step that has not been sampled yet reads 0: "not measured", as for a local child that
  // exits before the first sample.
  if (mib <= 0 || mib <= m_summary.peak_group_rss_mib.value_or(0)) return;
  m_summary.peak_group_rss_mib = mib;
  m_record.node = node;
}

}  // namespace cluster
