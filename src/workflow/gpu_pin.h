// The one GPU an approved command is pinned to, read from the environment changes it binds
// (HIP_VISIBLE_DEVICES or CUDA_VISIBLE_DEVICES set to a single index). Candidates of a
// comparison pinned to different GPUs may run side by side; a command without such a pin may
// use every GPU and runs alone.
#pragma once

#include <optional>

#include "workflow/command_digest.h"

namespace workflow {

std::optional<int> pinned_gpu(const RecordedCommand& cmd);

}  // namespace workflow
