#include "envprobe/device_checks.h"

#include <algorithm>
#include <set>

#include "core/text.h"
#include "envprobe/version_spec.h"

namespace envprobe {

namespace {

std::optional<long> number(std::string_view s) {
  if (s.empty() || s.size() > 4 || !std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; })) return std::nullopt;
  return std::stol(std::string(s));
}

// "0, 1" and "0,1" name the same devices.
std::vector<std::string> device_list(const std::string& value) {
  std::vector<std::string> out;
  for (const auto& piece : core::split(value, ',')) out.emplace_back(core::trim(piece, " \t"));
  return out;
}

std::optional<std::string> variable(const std::map<std::string, std::optional<std::string>>& vars, const std::string& name) {
  auto it = vars.find(name);
  return it == vars.end() ? std::nullopt : it->second;
}

}  // namespace

std::string gfx_from_override(const std::string& value) {
  auto parts = core::split(core::trim(value, " \t"), '.');
  if (parts.size() != 3) return "";
  auto major = number(parts[0]);
  auto minor = number(parts[1]);
  auto stepping = number(parts[2]);
  if (!major || !minor || !stepping || *minor > 15 || *stepping > 15) return "";
  static const char* hex = "0123456789abcdef";
  return "gfx" + std::to_string(*major) + hex[*minor] + hex[*stepping];
}

std::optional<Problem> gfx_override_problem(const std::optional<std::string>& override_value,
                                            const std::vector<std::string>& hardware_gfx) {
  if (!override_value || hardware_gfx.empty()) return std::nullopt;
  std::set<std::string> hw(hardware_gfx.begin(), hardware_gfx.end());
  std::string hw_list = core::join(std::vector<std::string>(hw.begin(), hw.end()), ", ");
  std::string named = gfx_from_override(*override_value);
  if (named.empty()) {
    return Problem{"gfx_override_unreadable",
                   false,
                   "envprobe.problem_gfx_override_unreadable",
                   {{"value", *override_value}, {"hardware", hw_list}},
                   "HSA_OVERRIDE_GFX_VERSION=" + *override_value,
                   "unset, or X.Y.Z"};
  }
  if (hw.size() == 1 && hw.count(named) == 1) return std::nullopt;  // it says what the GPU is
  return Problem{"gfx_override_contradicts",
                 false,
                 "envprobe.problem_gfx_override_contradicts",
                 {{"value", *override_value}, {"named", named}, {"hardware", hw_list}},
                 "HSA_OVERRIDE_GFX_VERSION=" + *override_value + " (" + named + ")",
                 hw_list};
}

std::optional<Problem> visible_devices_problem(const std::map<std::string, std::optional<std::string>>& variables) {
  auto hip = variable(variables, "HIP_VISIBLE_DEVICES");
  auto cuda = variable(variables, "CUDA_VISIBLE_DEVICES");
  if (!hip || !cuda || device_list(*hip) == device_list(*cuda)) return std::nullopt;
  return Problem{"visible_devices_disagree",
                 false,
                 "envprobe.problem_visible_devices_disagree",
                 {{"hip", *hip}, {"cuda", *cuda}},
                 "HIP_VISIBLE_DEVICES=" + *hip + ", CUDA_VISIBLE_DEVICES=" + *cuda,
                 "one of them, or both the same"};
}

std::optional<Problem> driver_problem(const std::string& driver_version, const std::string& torch_version, const std::string& torch_cuda,
                                      const std::map<std::string, std::string, std::less<>>& minimum_by_cuda_major) {
  if (driver_version.empty() || torch_cuda.empty()) return std::nullopt;
  std::string major = torch_cuda.substr(0, torch_cuda.find('.'));
  auto it = minimum_by_cuda_major.find(major);
  if (it == minimum_by_cuda_major.end()) return std::nullopt;
  auto have = core::parse_version(driver_version);
  auto need = core::parse_version(it->second);
  if (!have || !need || core::compare_versions(*have, *need) >= 0) return std::nullopt;
  return Problem{"driver_too_old",
                 true,
                 "envprobe.problem_driver_too_old",
                 {{"driver", driver_version}, {"torch", torch_version}, {"cuda", torch_cuda}, {"major", major}, {"minimum", it->second}},
                 driver_version,
                 ">= " + it->second};
}

}  // namespace envprobe
