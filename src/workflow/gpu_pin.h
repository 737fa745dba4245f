// The one GPU an approved command is pinned to, read from the environment changes it binds
// (HIP_VISIBLE_DEVICES or CUDA_VISIBLE_DEVICES set to a single index). Candidates of a
// comparison pinned to different GPUs may run side by side; a command without such a pin may
// use every GPU and runs alone.
#pragma once

#include <optional>
#include <string_view>

#include "workflow/command_digest.h"

namespace workflow {

std::optional<int> pinned_gpu(const RecordedCommand& cmd);

// HIP_VISIBLE_DEVICES, CUDA_VISIBLE_DEVICES or ROCR_VISIBLE_DEVICES.
bool is_visible_devices_variable(std::string_view name);
// The GPU index such a variable's value names when it names exactly one ("1"; not "0,1").
std::optional<int> single_gpu_index(std::string_view value);

}  // namespace workflow
