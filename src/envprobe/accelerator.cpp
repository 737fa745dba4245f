#include "envprobe/accelerator.h"

namespace envprobe {

std::string gfx_base(const std::string& gcn_arch_name) { return gcn_arch_name.substr(0, gcn_arch_name.find(':')); }

namespace {

// Torch's view when it sees devices; the tools fill what torch does not report.
std::vector<GpuDevice> merged_devices(const PythonFacts& py, const std::vector<GpuDevice>& system) {
  if (py.torch_devices.empty()) return system;
  std::vector<GpuDevice> out = py.torch_devices;
  for (std::size_t i = 0; i < out.size() && i < system.size(); ++i) {
    if (out[i].compute_capability.empty()) out[i].compute_capability = system[i].compute_capability;
    if (out[i].gcn_arch_name.empty()) out[i].gcn_arch_name = system[i].gcn_arch_name;
    if (out[i].pci_bus_id.empty()) out[i].pci_bus_id = system[i].pci_bus_id;
    if (out[i].free_memory_bytes < 0) out[i].free_memory_bytes = system[i].free_memory_bytes;
  }
  return out;
}

}  // namespace

Accelerator merge_accelerator(const PythonFacts& py, const SystemFacts& sys) {
  Accelerator a;
  a.driver_version = sys.nvidia_driver_version;
  a.rocm_version = sys.rocm_version;
  const bool nvidia_seen = !sys.nvidia_gpus.empty() || sys.nvidia_driver_loaded;
  const bool amd_seen = !sys.amd_gpus.empty();
  const bool torch_sees = py.torch_available.value_or(false) && !py.torch_devices.empty();
  const bool torch_hip = py.torch_build == "hip";
  if (nvidia_seen && amd_seen) {
    a.kind = "unknown";
    a.evidence = "both_vendors";
    a.devices = merged_devices(py, sys.nvidia_gpus);
    return a;
  }
  if (nvidia_seen || (torch_sees && !torch_hip)) {
    a.kind = "nvidia-cuda";
    a.evidence = nvidia_seen ? (sys.nvidia_smi_ran ? "nvidia_smi" : "nvidia_driver") : "torch_cuda_devices";
    a.devices = merged_devices(py, sys.nvidia_gpus);
    return a;
  }
  if (amd_seen || (torch_sees && torch_hip)) {
    a.kind = "amd-rocm";
    a.evidence = amd_seen ? "amd_kfd" : "torch_rocm_devices";
    a.devices = merged_devices(py, sys.amd_gpus);
    for (std::size_t i = 0; i < a.devices.size() && i < sys.amd_product_names.size(); ++i) {
      if (a.devices[i].name.empty()) a.devices[i].name = sys.amd_product_names[i];
    }
    return a;
  }
  // No GPU evidence. CPU only when torch itself ran and saw nothing and no driver is loaded.
  if (py.torch_importable && py.torch_available.has_value() && !*py.torch_available && !sys.amd_kfd_present) {
    a.kind = "cpu";
    a.evidence = "torch_sees_none";
    return a;
  }
  a.kind = "unknown";
  a.evidence = py.torch_importable ? "system_tools_silent" : "nothing_answered";
  return a;
}

}  // namespace envprobe
