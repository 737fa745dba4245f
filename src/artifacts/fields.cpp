#include "artifacts/fields.h"

#include <cmath>

namespace artifacts {

namespace {

// A whole number written as 3.0 by another writer is still that number.
std::optional<std::int64_t> whole_number(const core::Json& v) {
  if (v.is_number_integer()) return v.get<std::int64_t>();
  if (v.is_number_float() && std::isfinite(v.get<double>()) && std::trunc(v.get<double>()) == v.get<double>() &&
      std::abs(v.get<double>()) < 9.0e15) {
    return static_cast<std::int64_t>(v.get<double>());
  }
  return std::nullopt;
}

}  // namespace

Fields::Fields(const core::Json& object, std::string at, std::string* first_error)
    : m_object(object), m_at(std::move(at)), m_first_error(first_error) {}

std::string Fields::path(std::string_view key) const { return m_at.empty() ? std::string(key) : m_at + "/" + std::string(key); }

const core::Json* Fields::member(std::string_view key) const {
  if (!m_object.is_object()) return nullptr;
  auto it = m_object.find(key);
  if (it == m_object.end() || it->is_null()) return nullptr;
  return &*it;
}

void Fields::wrong(std::string_view key, const char* expected) {
  if (m_first_error != nullptr && m_first_error->empty()) *m_first_error = path(key) + " is not " + expected;
}

std::optional<std::string> Fields::text(std::string_view key) {
  const core::Json* v = member(key);
  if (v == nullptr) return std::nullopt;
  if (!v->is_string()) {
    wrong(key, "a string");
    return std::nullopt;
  }
  return v->get<std::string>();
}

std::optional<double> Fields::number(std::string_view key) {
  const core::Json* v = member(key);
  if (v == nullptr) return std::nullopt;
  if (!v->is_number() || !std::isfinite(v->get<double>())) {
    wrong(key, "a number");
    return std::nullopt;
  }
  return v->get<double>();
}

std::optional<std::int64_t> Fields::integer(std::string_view key) {
  const core::Json* v = member(key);
  if (v == nullptr) return std::nullopt;
  if (auto n = whole_number(*v)) return n;
  wrong(key, "a whole number");
  return std::nullopt;
}

std::optional<bool> Fields::flag(std::string_view key) {
  const core::Json* v = member(key);
  if (v == nullptr) return std::nullopt;
  if (!v->is_boolean()) {
    wrong(key, "true or false");
    return std::nullopt;
  }
  return v->get<bool>();
}

const core::Json* Fields::object(std::string_view key) {
  const core::Json* v = member(key);
  if (v == nullptr) return nullptr;
  if (!v->is_object()) {
    wrong(key, "an object");
    return nullptr;
  }
  return v;
}

const core::Json* Fields::array(std::string_view key) {
  const core::Json* v = member(key);
  if (v == nullptr) return nullptr;
  if (!v->is_array()) {
    wrong(key, "a list");
    return nullptr;
  }
  return v;
}

std::vector<std::string> Fields::texts(std::string_view key) {
  std::vector<std::string> out;
  const core::Json* list = array(key);
  if (list == nullptr) return out;
  for (std::size_t i = 0; i < list->size(); ++i) {
    if ((*list)[i].is_string()) {
      out.push_back((*list)[i].get<std::string>());
    } else {
      wrong(std::string(key) + "/" + std::to_string(i), "a string");
    }
  }
  return out;
}

std::vector<std::int64_t> Fields::integers(std::string_view key) {
  std::vector<std::int64_t> out;
  const core::Json* list = array(key);
  if (list == nullptr) return out;
  for (std::size_t i = 0; i < list->size(); ++i) {
    if (auto n = whole_number((*list)[i])) {
      out.push_back(*n);
    } else {
      wrong(std::string(key) + "/" + std::to_string(i), "a whole number");
    }
  }
  return out;
}

core::Error field_invalid(std::string_view artifact, const std::string& problem) {
  return core::make_error(core::ExitCode::bad_input, "artifacts.field_invalid")
      .with("artifact", std::string(artifact))
      .with("problem", problem);
}

}  // namespace artifacts
