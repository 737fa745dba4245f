#include "knowledge/strict_fields.h"

#include "knowledge/data_error.h"

namespace knowledge {

namespace {

const core::Json& empty_object() {
  static const core::Json k = core::Json::object();
  return k;
}

const core::Json& empty_array() {
  static const core::Json k = core::Json::array();
  return k;
}

}  // namespace

const core::Json* StrictFields::field(const core::Json& obj, std::string_view where, std::string_view key,
                                      bool (core::Json::*is)() const noexcept, std::string_view what) {
  const core::Json* v = nullptr;
  if (obj.is_object()) {
    auto it = obj.find(std::string(key));
    if (it != obj.end()) v = &*it;
  }
  if (v != nullptr && (v->*is)()) return v;
  if (m_error.empty())
    m_error = std::string(where) + "/" + std::string(key) + (v == nullptr ? " is missing" : " is not " + std::string(what));
  return nullptr;
}

const core::Json* StrictFields::optional_field(const core::Json& obj, std::string_view where, std::string_view key,
                                               bool (core::Json::*is)() const noexcept, std::string_view what) {
  if (!obj.is_object()) return field(obj, where, key, is, what);
  auto it = obj.find(std::string(key));
  if (it == obj.end() || it->is_null()) return nullptr;
  return field(obj, where, key, is, what);
}

std::optional<std::string> StrictFields::optional_string(const core::Json& obj, std::string_view where, std::string_view key) {
  const core::Json* v = optional_field(obj, where, key, &core::Json::is_string, "a string");
  return v != nullptr ? std::optional<std::string>(v->get<std::string>()) : std::nullopt;
}

std::optional<std::int64_t> StrictFields::optional_integer(const core::Json& obj, std::string_view where, std::string_view key) {
  const core::Json* v = optional_field(obj, where, key, &core::Json::is_number_integer, "an integer");
  return v != nullptr ? std::optional<std::int64_t>(v->get<std::int64_t>()) : std::nullopt;
}

std::optional<bool> StrictFields::optional_boolean(const core::Json& obj, std::string_view where, std::string_view key) {
  const core::Json* v = optional_field(obj, where, key, &core::Json::is_boolean, "a boolean");
  return v != nullptr ? std::optional<bool>(v->get<bool>()) : std::nullopt;
}

const core::Json* StrictFields::optional_object(const core::Json& obj, std::string_view where, std::string_view key) {
  return optional_field(obj, where, key, &core::Json::is_object, "an object");
}

double StrictFields::number(const core::Json& obj, std::string_view where, std::string_view key) {
  const core::Json* v = field(obj, where, key, &core::Json::is_number, "a number");
  return v != nullptr ? v->get<double>() : 0.0;
}

std::int64_t StrictFields::integer(const core::Json& obj, std::string_view where, std::string_view key) {
  const core::Json* v = field(obj, where, key, &core::Json::is_number_integer, "an integer");
  return v != nullptr ? v->get<std::int64_t>() : 0;
}

bool StrictFields::boolean(const core::Json& obj, std::string_view where, std::string_view key) {
  const core::Json* v = field(obj, where, key, &core::Json::is_boolean, "a boolean");
  return v != nullptr && v->get<bool>();
}

std::string StrictFields::string(const core::Json& obj, std::string_view where, std::string_view key) {
  const core::Json* v = field(obj, where, key, &core::Json::is_string, "a string");
  return v != nullptr ? v->get<std::string>() : std::string();
}

std::vector<std::string> StrictFields::strings(const core::Json& obj, std::string_view where, std::string_view key) {
  const core::Json* v = field(obj, where, key, &core::Json::is_array, "a list of strings");
  std::vector<std::string> out;
  if (v == nullptr) return out;
  for (const auto& e : *v) {
    if (!e.is_string()) {
      if (m_error.empty()) m_error = std::string(where) + "/" + std::string(key) + " holds a non-string";
      return {};
    }
    out.push_back(e.get<std::string>());
  }
  return out;
}

const core::Json& StrictFields::object(const core::Json& obj, std::string_view where, std::string_view key) {
  const core::Json* v = field(obj, where, key, &core::Json::is_object, "an object");
  return v != nullptr ? *v : empty_object();
}

const core::Json& StrictFields::array(const core::Json& obj, std::string_view where, std::string_view key) {
  const core::Json* v = field(obj, where, key, &core::Json::is_array, "an array");
  return v != nullptr ? *v : empty_array();
}

core::Result<void> StrictFields::result() const {
  if (m_error.empty()) return core::ok();
  return core::fail(data_invalid(m_path, m_error));
}

}  // namespace knowledge
