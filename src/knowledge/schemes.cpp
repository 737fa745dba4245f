#include "knowledge/schemes.h"

#include <algorithm>
#include <map>

#include "knowledge/data_error.h"
#include "knowledge/release_data.h"
#include "knowledge/strict_fields.h"

namespace knowledge {

namespace {

TensorFormat format_from_json(StrictFields& f, const core::Json& j, const std::string& at) {
  TensorFormat out;
  out.format = f.string(j, at, "format");
  out.bits = static_cast<int>(f.integer(j, at, "bits"));
  out.granularity = f.string(j, at, "granularity");
  if (auto g = f.optional_integer(j, at, "group_size")) out.group_size = static_cast<int>(*g);
  out.dynamic = f.boolean(j, at, "dynamic");
  return out;
}

}  // namespace

bool Scheme::native(const std::string& arch) const { return std::find(native_on.begin(), native_on.end(), arch) != native_on.end(); }

core::Result<SchemeCatalog> SchemeCatalog::load(const std::string& release) {
  QPTQ_TRY_ASSIGN(const SchemeCatalog* cat, schemes(release));
  return *cat;
}

core::Result<SchemeCatalog> SchemeCatalog::parse(const std::string& release) {
  QPTQ_TRY_ASSIGN(core::Json doc, load_release_file(release, "schemes"));
  return from_json(doc, release);
}

core::Result<SchemeCatalog> SchemeCatalog::from_json(const core::Json& doc, const std::string& release) {
  StrictFields f{"knowledge/quark/" + release + "/schemes.json"};
  SchemeCatalog cat;
  cat.m_release = release;
  cat.m_verified = f.boolean(doc, "", "verified");
  const core::Json& list = f.array(doc, "", "schemes");
  for (std::size_t i = 0; i < list.size(); ++i) {
    const core::Json& e = list[i];
    const std::string at = "/schemes/" + std::to_string(i);
    Scheme s;
    s.name = f.string(e, at, "name");
    s.family = f.string(e, at, "family");
    s.weight = format_from_json(f, f.object(e, at, "weight"), at + "/weight");
    // null: a weight-only scheme
    if (const core::Json* a = f.optional_object(e, at, "activation")) s.activation = format_from_json(f, *a, at + "/activation");
    s.bytes_per_weight = f.number(e, at, "bytes_per_weight");
    s.native_on = f.strings(e, at, "native_on");
    s.alias_of = f.optional_string(e, at, "alias_of").value_or("");
    s.note = f.optional_string(e, at, "note").value_or("");
    cat.m_schemes.push_back(std::move(s));
  }
  QPTQ_TRY(f.result());
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
