#include "intake/template_match.h"

#include "knowledge/release_data.h"

namespace intake {

const knowledge::QuarkTemplate* TemplateMatch::newest() const {
  if (releases.empty() || !releases.back().found) return nullptr;
  return &*releases.back().found;
}

std::vector<std::string> TemplateMatch::exclusions() const {
  const knowledge::QuarkTemplate* t = newest();
  return t != nullptr ? t->exclude_layers_name : std::vector<std::string>{};
}

TemplateMatch match_templates(std::string_view model_type) {
  TemplateMatch m;
  for (const auto& v : knowledge::shipped_releases()) {
    auto set = knowledge::template_set(v);
    m.releases.push_back({v, set && (*set)->verified, knowledge::find_template(v, model_type)});
    m.newest_version = v;
  }
  return m;
}

}  // namespace intake
