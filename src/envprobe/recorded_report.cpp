#include "envprobe/recorded_report.h"

#include <algorithm>

namespace envprobe {

RecordedReport RecordedReport::from_json(const core::Json* environment) {
  RecordedReport r;
  if (environment == nullptr || !environment->is_object()) return r;
  const core::Json* ready = core::json_at(*environment, "verdict/ready");
  r.m_ready = ready != nullptr && ready->is_boolean() && ready->get<bool>();
  if (const core::Json* p = core::json_at(*environment, "verdict/problems"); p != nullptr && p->is_array()) {
    for (const auto& item : *p) {
      r.m_problems.push_back(item.is_string() ? item.get<std::string>()
                                              : core::json_string(item, "message").value_or(core::dump_compact(item)));
    }
  }
  if (const core::Json* packages = core::json_object(*environment, "packages")) {
    for (const auto& [name, value] : packages->items()) {
      // A package is recorded as its version string (null when not installed); older
      // reports wrote {"version": ...}.
      std::optional<std::string> v =
          value.is_string() ? std::optional<std::string>(value.get<std::string>()) : core::json_string(value, "version");
      if (v) r.m_packages.emplace_back(name, *v);
    }
  }
  if (const core::Json* torch = core::json_object(*environment, "torch")) r.m_torch = core::json_string(*torch, "version");
  return r;
}

std::optional<std::string> RecordedReport::package_version(std::initializer_list<std::string_view> names) const {
  for (const auto& [name, version] : m_packages) {
    if (std::find(names.begin(), names.end(), name) != names.end()) return version;
  }
  return std::nullopt;
}

std::optional<std::string> RecordedReport::torch_version() const {
  if (m_torch) return m_torch;
  return package_version({"torch", "pytorch"});
}

}  // namespace envprobe
