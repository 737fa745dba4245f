// The environment report as run_manifest.yaml records it (report_to_json's shape), read back
// with typed accessors. The one reader of that section: no module looks packages up by
// searching the document.
#pragma once

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/json_io.h"

namespace envprobe {

class RecordedReport {
 public:
  // `environment` is the manifest's environment section; nullptr or not an object reads as
  // an empty report (not ready, no packages).
  static RecordedReport from_json(const core::Json* environment);

  // verdict.ready is exactly true.
  bool ready() const { return m_ready; }
  // verdict.problems as one line each (the message of a problem object).
  const std::vector<std::string>& problems() const { return m_problems; }

  // The version of the first listed package (in the report's order) named one of `names`.
  std::optional<std::string> package_version(std::initializer_list<std::string_view> names) const;
  // torch.version (the build torch reports), else the torch package's version.
  std::optional<std::string> torch_version() const;
  std::optional<std::string> transformers_version() const { return package_version({"transformers"}); }
  std::optional<std::string> quark_version() const { return package_version({"amd-quark", "amd_quark", "quark"}); }

 private:
  bool m_ready = false;
  std::vector<std::string> m_problems;
  std::vector<std::pair<std::string, std::string>> m_packages;  // name, version; unknown versions left out
  std::optional<std::string> m_torch;
};

}  // namespace envprobe
