// Preflight checks of the variables and driver that decide which GPU the run gets and
// whether torch can use it, kept pure so each is tested on its facts:
// HSA_OVERRIDE_GFX_VERSION against the GPU's own gfx target, the HIP and CUDA
// visible-devices variables against each other, and the NVIDIA driver against the oldest one
// torch's CUDA major runs on (knowledge/environment.json nvidia_driver_minimum).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "envprobe/checks.h"

namespace envprobe {

// The gfx target a HSA_OVERRIDE_GFX_VERSION value names: "11.0.0" -> "gfx1100", "9.4.2" ->
// "gfx942", "9.0.10" -> "gfx90a" (the stepping is one hex digit); "" when it is not X.Y.Z.
std::string gfx_from_override(const std::string& value);

// `hardware_gfx`: the gfx targets of the GPUs as the kernel driver reports them (KFD
// topology, which the override does not change); empty when unknown, and then nothing is said.
std::optional<Problem> gfx_override_problem(const std::optional<std::string>& override_value, const std::vector<std::string>& hardware_gfx);

// HIP_VISIBLE_DEVICES and CUDA_VISIBLE_DEVICES both set to different lists.
std::optional<Problem> visible_devices_problem(const std::map<std::string, std::optional<std::string>>& variables);

// The NVIDIA driver older than the minimum for torch's CUDA major (blocking). Nothing when
// the driver, torch's CUDA version or the major's minimum is unknown.
std::optional<Problem> driver_problem(const std::string& driver_version, const std::string& torch_version, const std::string& torch_cuda,
                                      const std::map<std::string, std::string, std::less<>>& minimum_by_cuda_major);

}  // namespace envprobe
