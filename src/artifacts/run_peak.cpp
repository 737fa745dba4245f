#include "artifacts/run_peak.h"

#include "artifacts/json_write.h"

namespace artifacts {

core::Json RunPeak::to_json() const {
  core::Json o = core::Json::object();
  o["host_used_mib"] = or_null(host_used_mib);
  o["group_rss_mib"] = or_null(group_rss_mib);
  o["gpu_memory_mib"] = or_null(gpu_memory_mib);
  o["gpu_baseline_mib"] = or_null(gpu_baseline_mib);
  o["gpu_own_mib"] = or_null(gpu_own_mib);
  o["host_memory_mib"] = or_null(host_memory_mib);
  o["host_total_mib"] = or_null(host_total_mib);
  o["gpu_tool"] = or_null(gpu_tool);
  return o;
}

RunPeak peak_of(Fields f) {
  return RunPeak{f.integer("host_used_mib"), f.integer("group_rss_mib"),   f.integer("gpu_memory_mib"), f.integer("gpu_baseline_mib"),
                 f.integer("gpu_own_mib"),   f.integer("host_memory_mib"), f.integer("host_total_mib"), f.text("gpu_tool")};
}

}  // namespace artifacts
