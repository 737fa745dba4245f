#include "knowledge/schemes.h"

#include <algorithm>
#include <map>

#include "knowledge/data_error.h"
#include "knowledge/release_data.h"

namespace knowledge {

namespace {

TensorFormat format_from_json(const core::Json& j) {
  TensorFormat f;
  f.format = core::json_string(j, "format").value_or("");
  f.bits = static_cast<int>(core::json_int(j, "bits").value_or(0));
  f.granularity = core::json_string(j, "granularity").value_or("");
  if (auto g = core::json_int(j, "group_size")) {
    f.group_size = static_cast<int>(*g);
  }
  f.dynamic = core::json_bool(j, "dynamic").value_or(false);
  return f;
}

}  // namespace

bool Scheme::native(const std::string& arch) const { return std::find(native_on.begin(), native_on.end(), arch) != native_on.end(); }

core::Result<SchemeCatalog> SchemeCatalog::load(const std::string& release) {
  QPTQ_TRY_ASSIGN(const SchemeCatalog* cat, schemes(release));
  return *cat;
}

core::Result<SchemeCatalog> SchemeCatalog::parse(const std::string& release) {
  QPTQ_TRY_ASSIGN(core::Json doc, load_release_file(release, "schemes"));
  std::string path = "knowledge/quark/" + release + "/schemes.json";
  SchemeCatalog cat;
  cat.m_release = release;
  cat.m_verified = core::json_bool(doc, "verified").value_or(false);
  const core::Json* list = core::json_array(doc, "schemes");
  if (list == nullptr) return data_invalid(path, "no schemes list");
  for (const auto& e : *list) {
    Scheme s;
    s.name = core::json_string(e, "name").value_or("");
    const core::Json* w = core::json_object(e, "weight");
    auto bytes = core::json_number(e, "bytes_per_weight");
    if (s.name.empty() || w == nullptr || !bytes) return data_invalid(path, "a scheme without name, weight or bytes_per_weight");
    s.family = core::json_string(e, "family").value_or("");
    s.weight = format_from_json(*w);
    if (const core::Json* a = core::json_object(e, "activation")) {
      s.activation = format_from_json(*a);
    }
    s.bytes_per_weight = *bytes;
    s.native_on = core::json_string_list(e, "native_on");
    s.alias_of = core::json_string(e, "alias_of").value_or("");
    s.note = core::json_string(e, "note").value_or("");
    cat.m_schemes.push_back(std::move(s));
  }
  return cat;
}

core::Result<const SchemeCatalog*> schemes(std::string_view release) {
  static const std::map<std::string, core::Result<SchemeCatalog>, std::less<>> k = [] {
    std::map<std::string, core::Result<SchemeCatalog>, std::less<>> out;
    for (const auto& r : shipped_releases()) out.emplace(r, SchemeCatalog::parse(r));
    return out;
  }();
  auto it = k.find(release);
  if (it == k.end()) {
    return data_missing("knowledge/quark/" + std::string(release) + "/schemes.json");
  }
  if (!it->second) return it->second.error();
  return &it->second.value();
}

const Scheme* SchemeCatalog::find(const std::string& name) const {
  for (const auto& s : m_schemes) {
    if (s.name == name) {
      return &s;
    }
  }
  return nullptr;
}

std::vector<std::string> SchemeCatalog::names() const {
  std::vector<std::string> out;
  out.reserve(m_schemes.size());
  for (const auto& s : m_schemes) {
    out.push_back(s.name);
  }
  return out;
}

}  // namespace knowledge
