#include "runner/resource_sampler.h"

#include <sys/resource.h>

#include <algorithm>
#include <cmath>
#include <chrono>

namespace runner {

namespace {

double monotonic_seconds() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

double children_cpu_seconds() {
  rusage ru{};
  ::getrusage(RUSAGE_CHILDREN, &ru);
  return static_cast<double>(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
         static_cast<double>(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

}  // namespace

core::Json ResourceSummary::to_json() const {
  core::Json timeline_json = core::Json::array();
  for (const auto& s : timeline) {
    core::Json item = {{"t", std::round(s.t * 10) / 10}, {"host_used_mib", s.host_used_mib}, {"group_rss_mib", s.group_rss_mib}};
    item["gpu_used_mib"] = s.gpu_used_mib ? core::Json(*s.gpu_used_mib) : core::Json(nullptr);
    if (s.gpu_own_mib) item["gpu_own_mib"] = *s.gpu_own_mib;
    timeline_json.push_back(item);
  }
  const core::Json group_peak = peak_group_rss_mib ? core::Json(*peak_group_rss_mib) : core::Json(nullptr);
  core::Json peak = {{"host_used_mib", peak_host_used_mib}, {"group_rss_mib", group_peak}};
  peak["gpu_memory_mib"] = peak_gpu_used_mib ? core::Json(*peak_gpu_used_mib) : core::Json(nullptr);
  peak["gpu_baseline_mib"] = gpu_baseline_mib ? core::Json(*gpu_baseline_mib) : core::Json(nullptr);
  peak["gpu_own_mib"] = peak_gpu_own_mib ? core::Json(*peak_gpu_own_mib) : core::Json(nullptr);
  peak["host_memory_mib"] = group_peak;
  peak["host_total_mib"] = host_total_mib;
  peak["gpu_tool"] = gpu_tool;
  return {{"peak", peak}, {"timeline", timeline_json}};
}

void append_to_timeline(std::vector<ResourceSample>& timeline, const ResourceSample& s) {
  constexpr std::size_t kMaxTimeline = 2048;
  if (timeline.size() >= kMaxTimeline) {
    std::vector<ResourceSample> thin;
    for (std::size_t i = 0; i < timeline.size(); i += 2) thin.push_back(timeline[i]);
    timeline.swap(thin);
  }
  timeline.push_back(s);
}

ResourceSampler::ResourceSampler(GpuMemoryProbe gpu, double host_interval, double gpu_interval)
    : m_gpu(std::move(gpu)), m_host_interval(host_interval), m_gpu_interval(gpu_interval) {
  m_summary.gpu_tool = std::string(m_gpu.tool_name());
}

ResourceSampler::~ResourceSampler() { stop(); }

void ResourceSampler::take_baseline() {
  double before = children_cpu_seconds();
  if (auto g = m_gpu.sample()) m_summary.gpu_baseline_mib = g->total_used_mib();
  m_summary.sampler_cpu_seconds += children_cpu_seconds() - before;
}

void ResourceSampler::start(int pgid) {
  m_group.emplace(pgid, 5);
  m_start = monotonic_seconds();
  m_thread = std::thread([this] { loop(); });
}

ResourceSummary ResourceSampler::stop() {
  {
    std::lock_guard<std::mutex> lock(m_mutex);
    m_stop = true;
  }
  m_cv.notify_all();
  if (m_thread.joinable()) m_thread.join();
  return m_summary;
}

void ResourceSampler::sample_once(bool with_gpu) {
  ResourceSample s;
  s.t = monotonic_seconds() - m_start;
  if (auto h = read_host_memory()) {
    s.host_used_mib = h->used_mib;
    m_summary.host_total_mib = h->total_mib;
  }
  s.group_rss_mib = m_group ? m_group->sample_mib() : 0;
  if (with_gpu) {
    double before = children_cpu_seconds();
    if (auto g = m_gpu.sample()) s.gpu_used_mib = g->total_used_mib();
    if (auto apps = m_gpu.sample_processes(); apps && m_group) s.gpu_own_mib = memory_of(*apps, m_group->members());
    m_summary.sampler_cpu_seconds += children_cpu_seconds() - before;
  }
  m_summary.peak_host_used_mib = std::max(m_summary.peak_host_used_mib, s.host_used_mib);
  if (s.group_rss_mib > 0) m_summary.peak_group_rss_mib = std::max(m_summary.peak_group_rss_mib.value_or(0), s.group_rss_mib);
  if (s.gpu_used_mib) m_summary.peak_gpu_used_mib = std::max(m_summary.peak_gpu_used_mib.value_or(0), *s.gpu_used_mib);
  if (s.gpu_own_mib) m_summary.peak_gpu_own_mib = std::max(m_summary.peak_gpu_own_mib.value_or(0), *s.gpu_own_mib);
  append_to_timeline(m_summary.timeline, s);
  std::lock_guard<std::mutex> lock(m_latest_mutex);
  m_latest = s;
}

std::optional<ResourceSample> ResourceSampler::latest() const {
  std::lock_guard<std::mutex> lock(m_latest_mutex);
  return m_latest;
}

void ResourceSampler::loop() {
  double next_gpu = 0;
  std::unique_lock<std::mutex> lock(m_mutex);
  while (!m_stop) {
    lock.unlock();
    double now = monotonic_seconds() - m_start;
    bool with_gpu = m_gpu.tool() != GpuTool::none && now >= next_gpu;
    if (with_gpu) next_gpu = now + m_gpu_interval;
    sample_once(with_gpu);
    lock.lock();
    m_cv.wait_for(lock, std::chrono::duration<double>(m_host_interval), [this] { return m_stop; });
  }
}

}  // namespace runner
