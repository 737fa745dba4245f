// The Quark templates a model_type gets, per shipped release (Quark looks up
// config.model_type). The newest release's template gives the default exclusions that the
// inventory counts against.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "knowledge/templates.h"

namespace intake {

struct ReleaseTemplate {
  std::string quark_version;
  bool verified = false;  // the release's template list was read for that release
  std::optional<knowledge::QuarkTemplate> found;
};

struct TemplateMatch {
  std::vector<ReleaseTemplate> releases;  // oldest first
  std::string newest_version;             // "" when no release is shipped
  // The newest release's template, if it has one for the model_type.
  const knowledge::QuarkTemplate* newest() const;
  // Its default exclusions (none without a template).
  std::vector<std::string> exclusions() const;
};

TemplateMatch match_templates(std::string_view model_type);

}  // namespace intake
