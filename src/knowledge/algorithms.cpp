#include "knowledge/algorithms.h"

#include <algorithm>

#include "knowledge/release_data.h"

namespace knowledge {

namespace {

bool contains(const std::vector<std::string>& v, const std::string& s) { return std::find(v.begin(), v.end(), s) != v.end(); }

}  // namespace

bool Algorithm::has_config_for(const std::string& model_type) const { return contains(model_types_with_config, model_type); }

bool Algorithm::suits(const std::string& family) const { return contains(suits_families, family); }

core::Result<AlgorithmCatalog> AlgorithmCatalog::load(const std::string& release) {
  QPTQ_TRY_ASSIGN(core::Json doc, load_release_file(release, "algorithms"));
  AlgorithmCatalog cat;
  cat.m_verified = core::json_bool(doc, "verified").value_or(false);
  if (const core::Json* list = core::json_array(doc, "algorithms")) {
    for (const auto& e : *list) {
      Algorithm a;
      a.name = core::json_string(e, "name").value_or("");
      a.suits_families = core::json_string_list(e, "suits_families");
      a.model_types_with_config = core::json_string_list(e, "model_types_with_config");
      cat.m_algorithms.push_back(std::move(a));
    }
  }
  if (const core::Json* ren = core::json_object(doc, "renamed")) {
    for (auto it = ren->begin(); it != ren->end(); ++it) {
      if (it.value().is_string()) {
        cat.m_renamed[it.key()] = it.value().get<std::string>();
      }
    }
  }
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
