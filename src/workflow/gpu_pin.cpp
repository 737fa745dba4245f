#include "workflow/gpu_pin.h"

#include <algorithm>

namespace workflow {

bool is_visible_devices_variable(std::string_view name) {
  return name == "HIP_VISIBLE_DEVICES" || name == "CUDA_VISIBLE_DEVICES" || name == "ROCR_VISIBLE_DEVICES";
}

std::optional<int> single_gpu_index(std::string_view value) {
  const bool digits =
      !value.empty() && value.size() < 4 && std::all_of(value.begin(), value.end(), [](char c) { return c >= '0' && c <= '9'; });
  if (!digits) return std::nullopt;
  int index = 0;
  for (char c : value) index = index * 10 + (c - '0');
  return index;
}

std::optional<int> pinned_gpu(const RecordedCommand& cmd) {
  std::optional<int> pin;
  for (const auto& e : cmd.env_changes) {
    if (!is_visible_devices_variable(e.name)) continue;
    const std::optional<int> index = single_gpu_index(e.value);
    if (!index) return std::nullopt;  // a list of GPUs: not one
    if (pin && *pin != *index) return std::nullopt;
    pin = index;
  }
  return pin;
}

}  // namespace workflow
