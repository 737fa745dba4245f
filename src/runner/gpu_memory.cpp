#include "runner/gpu_memory.h"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <numeric>

#include "core/json_io.h"
#include "core/text.h"
#include "runner/capture.h"

namespace runner {

namespace {

constexpr double kProbeTimeoutSeconds = 10;

// The integer a CSV field starts with (after spaces), as nvidia-smi prints it.
std::optional<std::int64_t> leading_integer(std::string_view field) {
  field = core::trim(field);
  std::int64_t v = 0;
  auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), v);
  if (ec != std::errc() || end == field.data()) return std::nullopt;
  return v;
}

void collect_rocm(const core::Json& j, GpuMemory& out) {
  if (!j.is_object()) return;
  for (const auto& [key, value] : j.items()) {
    if (key == "VRAM Total Used Memory (B)") {
      std::string s = value.is_string() ? value.get<std::string>() : (value.is_number() ? value.dump() : "");
      if (!s.empty()) out.used_mib.push_back(std::strtoll(s.c_str(), nullptr, 10) / (1024 * 1024));
    } else if (value.is_object()) {
      collect_rocm(value, out);
    }
  }
}

void collect_amd(const core::Json& j, GpuMemory& out) {
  if (j.is_array()) {
    for (const auto& item : j) collect_amd(item, out);
    return;
  }
  if (!j.is_object()) return;
  for (const auto& [key, value] : j.items()) {
    if (key == "used_vram" && value.is_object()) {
      auto v = core::json_number(value, "value");
      std::string unit = core::json_string(value, "unit").value_or("MB");
      if (v) out.used_mib.push_back(static_cast<std::int64_t>(unit == "GB" ? *v * 1024 : *v));
    } else if (value.is_object() || value.is_array()) {
      collect_amd(value, out);
    }
  }
}

}  // namespace

std::int64_t GpuMemory::total_used_mib() const { return std::accumulate(used_mib.begin(), used_mib.end(), std::int64_t{0}); }

GpuMemoryProbe GpuMemoryProbe::detect() {
  if (auto p = find_program("nvidia-smi")) return GpuMemoryProbe(GpuTool::nvidia_smi, *p);
  if (auto p = find_program("rocm-smi")) return GpuMemoryProbe(GpuTool::rocm_smi, *p);
  if (auto p = find_program("amd-smi")) return GpuMemoryProbe(GpuTool::amd_smi, *p);
  return GpuMemoryProbe(GpuTool::none);
}

std::string_view GpuMemoryProbe::tool_name() const {
  switch (m_tool) {
    case GpuTool::nvidia_smi:
      return "nvidia-smi";
    case GpuTool::rocm_smi:
      return "rocm-smi";
    case GpuTool::amd_smi:
      return "amd-smi";
    case GpuTool::none:
      return "none";
  }
  return "none";
}

std::optional<GpuMemory> GpuMemoryProbe::sample() const {
  CommandSpec spec;
  switch (m_tool) {
    case GpuTool::none:
      return std::nullopt;
    case GpuTool::nvidia_smi:
      spec.argv = {m_program, "--query-gpu=memory.used", "--format=csv,noheader,nounits"};
      break;
    case GpuTool::rocm_smi:
      spec.argv = {m_program, "--showmeminfo", "vram", "--json"};
      break;
    case GpuTool::amd_smi:
      spec.argv = {m_program, "metric", "--mem-usage", "--json"};
      break;
  }
  auto r = capture(spec, kProbeTimeoutSeconds, 1 << 20, /*interruptible=*/false);
  if (!r || !r->ok()) return std::nullopt;
  switch (m_tool) {
    case GpuTool::nvidia_smi:
      return parse_nvidia_smi(r->out);
    case GpuTool::rocm_smi:
      return parse_rocm_smi_json(r->out);
    case GpuTool::amd_smi:
      return parse_amd_smi_json(r->out);
    case GpuTool::none:
      break;
  }
  return std::nullopt;
}

std::optional<std::vector<GpuProcessMemory>> GpuMemoryProbe::sample_processes() const {
  if (m_tool != GpuTool::nvidia_smi) return std::nullopt;
  CommandSpec spec;
  spec.argv = {m_program, "--query-compute-apps=pid,used_memory", "--format=csv,noheader,nounits"};
  auto r = capture(spec, kProbeTimeoutSeconds, 1 << 20, /*interruptible=*/false);
  if (!r || !r->ok()) return std::nullopt;
  return parse_nvidia_smi_apps(r->out);
}

std::optional<std::int64_t> memory_of(const std::vector<GpuProcessMemory>& apps, const std::vector<int>& pids) {
  std::optional<std::int64_t> total;
  for (const auto& a : apps) {
    if (std::find(pids.begin(), pids.end(), a.pid) != pids.end()) total = total.value_or(0) + a.used_mib;
  }
  return total;
}

std::vector<GpuProcessMemory> parse_nvidia_smi_apps(std::string_view csv) {
  std::vector<GpuProcessMemory> apps;
  for (std::string_view line : core::split_lines(csv)) {
    auto comma = line.find(',');
    if (comma == std::string_view::npos) continue;
    auto pid = leading_integer(line.substr(0, comma));
    auto mib = leading_integer(line.substr(comma + 1));
    if (pid && mib && *pid > 0) apps.push_back({static_cast<int>(*pid), *mib});
  }
  return apps;
}

std::optional<GpuMemory> parse_nvidia_smi(std::string_view csv) {
  GpuMemory m;
  for (std::string_view line : core::split_lines(csv)) {
    if (auto v = leading_integer(line)) m.used_mib.push_back(*v);
  }
  if (m.used_mib.empty()) return std::nullopt;
  return m;
}

std::optional<GpuMemory> parse_rocm_smi_json(std::string_view json) {
  auto doc = core::parse_json(json, "rocm-smi output");
  if (!doc) return std::nullopt;
  GpuMemory m;
  collect_rocm(*doc, m);
  if (m.used_mib.empty()) return std::nullopt;
  return m;
}

std::optional<GpuMemory> parse_amd_smi_json(std::string_view json) {
  auto doc = core::parse_json(json, "amd-smi output");
  if (!doc) return std::nullopt;
  GpuMemory m;
  collect_amd(*doc, m);
  if (m.used_mib.empty()) return std::nullopt;
  return m;
}

}  // namespace runner
