#include "artifacts/spellings.h"

namespace artifacts {

namespace {

// The value as the current field takes it, or null when it is not of the field's kind.
core::Json as_kind(const core::Json& v, SpellingKind kind) {
  switch (kind) {
    case SpellingKind::text:
      return v.is_string() ? v : core::Json(nullptr);
    case SpellingKind::integer:
      return v.is_number() ? v : core::Json(nullptr);
    case SpellingKind::flag:
      return v.is_boolean() ? v : core::Json(nullptr);
    case SpellingKind::texts:
      break;
  }
  if (!v.is_array()) return nullptr;
  core::Json names = core::Json::array();
  for (const auto& name : v) {
    if (name.is_string()) names.push_back(name);
  }
  return names;
}

}  // namespace

const core::Json* value_at(const core::Json& doc, std::string_view path) {
  const core::Json* node = &doc;
  while (!path.empty()) {
    const std::size_t slash = path.find('/');
    const std::string_view key = path.substr(0, slash);
    if (!node->is_object()) return nullptr;
    auto it = node->find(key);
    if (it == node->end()) return nullptr;
    node = &*it;
    path = slash == std::string_view::npos ? std::string_view() : path.substr(slash + 1);
  }
  return node->is_null() ? nullptr : node;
}

bool put_at(core::Json& doc, std::string_view path, core::Json value) {
  core::Json* node = &doc;
  while (true) {
    if (node->is_null()) *node = core::Json::object();
    if (!node->is_object()) return false;
    const std::size_t slash = path.find('/');
    core::Json& child = (*node)[std::string(path.substr(0, slash))];
    if (slash == std::string_view::npos) {
      child = std::move(value);
      return true;
    }
    node = &child;
    path = path.substr(slash + 1);
  }
}

void carry_spellings(core::Json& out, const core::Json& doc, const std::vector<Spelling>& spellings) {
  for (const Spelling& s : spellings) {
    if (value_at(out, s.current) != nullptr) continue;
    for (const char* older : s.older) {
      const core::Json* v = value_at(doc, older);
      if (v == nullptr) continue;
      core::Json value = as_kind(*v, s.kind);
      if (value.is_null()) continue;
      put_at(out, s.current, std::move(value));
      break;
    }
  }
}

}  // namespace artifacts
