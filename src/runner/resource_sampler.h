// Samples memory on a background thread while the child runs: host memory and the child's
// process-group RSS every `host_interval`, GPU memory every `gpu_interval` (a vendor tool
// spawn costs tens of milliseconds, so it is sampled less often). The thread sleeps on a
// condition variable between samples: no busy loop, and stop() wakes it at once.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "core/json_io.h"
#include "runner/gpu_memory.h"
#include "runner/proc_stats.h"

namespace runner {

struct ResourceSample {
  double t = 0;  // seconds since the child started
  std::int64_t host_used_mib = 0;
  std::int64_t group_rss_mib = 0;
  std::optional<std::int64_t> gpu_used_mib;  // all devices together, every process
  std::optional<std::int64_t> gpu_own_mib;   // the child's process group only (nvidia-smi)
};

struct ResourceSummary {
  std::vector<ResourceSample> timeline;
  std::int64_t peak_host_used_mib = 0;
  // Unset until a sample found the child's process group alive (a child that exits before
  // the first sample is "not measured", never 0 MiB).
  std::optional<std::int64_t> peak_group_rss_mib;
  std::optional<std::int64_t> peak_gpu_used_mib;
  std::optional<std::int64_t> peak_gpu_own_mib;
  std::optional<std::int64_t> gpu_baseline_mib;  // before the child started
  std::int64_t host_total_mib = 0;
  std::string gpu_tool;
  double sampler_cpu_seconds = 0;  // CPU of the vendor-tool children we spawned
  core::Json to_json() const;
};

// Appends `s` to a run's timeline, which stays bounded: a long run's is thinned by half
// whenever it gets long (2048 samples), so it keeps the whole run at a coarser step.
void append_to_timeline(std::vector<ResourceSample>& timeline, const ResourceSample& s);

class ResourceSampler {
 public:
  ResourceSampler(GpuMemoryProbe gpu, double host_interval, double gpu_interval);
  ~ResourceSampler();
  ResourceSampler(const ResourceSampler&) = delete;
  ResourceSampler& operator=(const ResourceSampler&) = delete;

  // A GPU sample before the child starts, as the baseline.
  void take_baseline();
  void start(int pgid);
  // Stops the thread and returns what it saw. Safe to call twice.
  ResourceSummary stop();
  // The latest sample (any thread), nullopt before the first.
  std::optional<ResourceSample> latest() const;

 private:
  void loop();
  void sample_once(bool with_gpu);

  GpuMemoryProbe m_gpu;
  double m_host_interval;
  double m_gpu_interval;
  std::optional<GroupRss> m_group;
  double m_start = 0;
  std::thread m_thread;
  std::mutex m_mutex;
  std::condition_variable m_cv;
  bool m_stop = false;
  ResourceSummary m_summary;
  mutable std::mutex m_latest_mutex;
  std::optional<ResourceSample> m_latest;
};

}  // namespace runner
