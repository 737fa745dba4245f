#include "knowledge/algorithms.h"

#include <algorithm>

#include "knowledge/release_data.h"
#include "knowledge/strict_fields.h"

namespace knowledge {

namespace {

bool contains(const std::vector<std::string>& v, const std::string& s) { return std::find(v.begin(), v.end(), s) != v.end(); }

}  // namespace

bool Algorithm::has_config_for(const std::string& model_type) const { return contains(model_types_with_config, model_type); }

bool Algorithm::suits(const std::string& family) const { return contains(suits_families, family); }

core::Result<AlgorithmCatalog> AlgorithmCatalog::load(const std::string& release) {
  QPTQ_TRY_ASSIGN(core::Json doc, load_release_file(release, "algorithms"));
  StrictFields f{"knowledge/quark/" + release + "/algorithms.json"};
  AlgorithmCatalog cat;
  cat.m_verified = f.boolean(doc, "", "verified");
  const core::Json& list = f.array(doc, "", "algorithms");
  for (std::size_t i = 0; i < list.size(); ++i) {
    const std::string at = "/algorithms/" + std::to_string(i);
    Algorithm a;
    a.name = f.string(list[i], at, "name");
    a.suits_families = f.strings(list[i], at, "suits_families");
    a.model_types_with_config = f.strings(list[i], at, "model_types_with_config");
    cat.m_algorithms.push_back(std::move(a));
  }
  const core::Json& renamed = f.object(doc, "", "renamed");
  for (const auto& [old_name, v] : renamed.items()) cat.m_renamed[old_name] = f.string(renamed, "/renamed", old_name);
  QPTQ_TRY(f.result());
  return cat;
}

const Algorithm* AlgorithmCatalog::find(const std::string& name) const {
  for (const auto& a : m_algorithms) {
    if (a.name == name) {
      return &a;
    }
  }
  return nullptr;
}

std::vector<std::string> AlgorithmCatalog::names() const {
  std::vector<std::string> out;
  for (const auto& a : m_algorithms) {
    out.push_back(a.name);
  }
  return out;
}

}  // namespace knowledge
