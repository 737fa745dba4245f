// Raw facts about the environment, as found. Every field may be unknown (empty string,
// nullopt, -1): missing evidence stays unknown and is never read as "cpu".
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/json_io.h"

namespace envprobe {

struct GpuDevice {
  int index = 0;
  std::string name;
  std::int64_t total_memory_bytes = -1;
  std::int64_t free_memory_bytes = -1;
  std::string gcn_arch_name;       // AMD, as torch reports it: "gfx942:sramecc+:xnack-"
  std::string compute_capability;  // NVIDIA: "9.0"
  std::string pci_bus_id;
};

// What the embedded probe found inside the chosen Python (knowledge/probes/env_probe.py).
struct PythonFacts {
  bool ran = false;     // the probe printed its JSON
  std::string failure;  // why not (English, technical)
  std::string version;  // "3.12.3"
  std::string executable;
  std::string scripts_dir;                                     // where pip puts console scripts for it
  std::map<std::string, std::optional<std::string>> packages;  // dist name -> version (nullopt: absent)
  bool torch_importable = false;
  std::string torch_version;
  std::string torch_cuda;               // torch.version.cuda
  std::string torch_hip;                // torch.version.hip
  std::string torch_build;              // "cuda", "hip", "cpu" or "" (unknown)
  std::optional<bool> torch_available;  // torch.cuda.is_available()
  std::vector<std::string> torch_arch_list;
  std::vector<GpuDevice> torch_devices;
  std::map<std::string, std::optional<std::string>> variables;
  std::vector<std::string> errors;
  double seconds = 0;
};

struct SystemFacts {
  std::string os_pretty_name;  // /etc/os-release PRETTY_NAME
  std::string os_id;
  std::string os_version_id;
  std::string kernel;   // uname -r
  std::string machine;  // uname -m
  std::int64_t host_memory_total_bytes = -1;
  std::int64_t host_memory_available_bytes = -1;
  std::int64_t cpu_count = -1;
  // containers
  bool dockerenv = false;         // /.dockerenv
  bool containerenv = false;      // /run/.containerenv (podman)
  std::string container_runtime;  // docker, podman, kubernetes, lxc or "" (not seen)
  std::string container_image;    // when the runtime exposes it
  // NVIDIA
  bool nvidia_driver_loaded = false;  // /proc/driver/nvidia/version
  bool nvidia_smi_ran = false;
  std::string nvidia_driver_version;
  std::vector<GpuDevice> nvidia_gpus;
  // AMD
  bool amd_kfd_present = false;                // /sys/class/kfd/kfd/topology
  std::vector<GpuDevice> amd_gpus;             // from the KFD topology (gfx target)
  std::string rocm_version;                    // /opt/rocm/.info/version
  std::vector<std::string> amd_product_names;  // rocm-smi --showproductname
  std::vector<std::string> notes;              // tools that failed, files that could not be read
};

// The merged view the checks and the estimate use.
struct Accelerator {
  std::string kind = "unknown";    // "nvidia-cuda", "amd-rocm", "cpu", "unknown"
  std::vector<GpuDevice> devices;  // best source: torch when it sees them, else system tools
  std::string driver_version;      // NVIDIA driver
  std::string rocm_version;
  // Which facts decided kind: a code of messages' enum.accelerator_evidence family, shown in
  // the reader's language; the recorded report also keeps its English text.
  std::string evidence;
  bool gpu_present() const { return kind == "nvidia-cuda" || kind == "amd-rocm"; }
};

}  // namespace envprobe
