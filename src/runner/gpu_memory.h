// GPU memory in use, from whichever vendor tool exists: nvidia-smi, rocm-smi or amd-smi.
// Each query is a short runner::capture of the tool (no shell).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace runner {

enum class GpuTool { none, nvidia_smi, rocm_smi, amd_smi };

struct GpuMemory {
  std::vector<std::int64_t> used_mib;  // per device
  std::int64_t total_used_mib() const;
};

// GPU memory of one process, as the driver reports it (NVML's compute processes).
struct GpuProcessMemory {
  int pid = 0;
  std::int64_t used_mib = 0;
};

// What the processes in `pids` hold together; nullopt when none of them is listed (no GPU use
// yet, or the tool sees another PID namespace).
std::optional<std::int64_t> memory_of(const std::vector<GpuProcessMemory>& apps, const std::vector<int>& pids);

class GpuMemoryProbe {
 public:
  // Picks the first tool found on PATH.
  static GpuMemoryProbe detect();
  explicit GpuMemoryProbe(GpuTool tool, std::string program = {}) : m_tool(tool), m_program(std::move(program)) {}

  GpuTool tool() const { return m_tool; }
  std::string_view tool_name() const;
  // nullopt when there is no tool or it failed this time.
  std::optional<GpuMemory> sample() const;
  // Per-process memory; nvidia-smi only (nullopt for the AMD tools or when the query fails).
  std::optional<std::vector<GpuProcessMemory>> sample_processes() const;

 private:
  GpuTool m_tool;
  std::string m_program;
};

// Parsers, exposed for tests.
std::optional<GpuMemory> parse_nvidia_smi(std::string_view csv);            // one MiB number per line
std::vector<GpuProcessMemory> parse_nvidia_smi_apps(std::string_view csv);  // "pid, MiB" per line
std::optional<GpuMemory> parse_rocm_smi_json(std::string_view json);        // "VRAM Total Used Memory (B)"
std::optional<GpuMemory> parse_amd_smi_json(std::string_view json);         // "used_vram": {"value", "unit"}

}  // namespace runner
