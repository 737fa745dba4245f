#include "workflow/gpu_pin.h"

#include <algorithm>

namespace workflow {

std::optional<int> pinned_gpu(const RecordedCommand& cmd) {
  std::optional<int> pin;
  for (const auto& e : cmd.env_changes) {
    if (e.name != "HIP_VISIBLE_DEVICES" && e.name != "CUDA_VISIBLE_DEVICES" && e.name != "ROCR_VISIBLE_DEVICES") continue;
    const bool one_index =
        !e.value.empty() && e.value.size() < 4 && std::all_of(e.value.begin(), e.value.end(), [](char c) { return c >= '0' && c <= '9'; });
    if (!one_index) return std::nullopt;  // a list of GPUs: not one
    const int index = std::stoi(e.value);
    if (pin && *pin != index) return std::nullopt;
    pin = index;
  }
  return pin;
}

}  // namespace workflow
