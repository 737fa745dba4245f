#include "core/json_io.h"

#include <cmath>
#include <map>

namespace core {

int json_nesting_depth(std::string_view text, int limit) {
  int depth = 0;
  int deepest = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (in_string) {
      if (c == '\\') {
        ++i;
      } else if (c == '"') {
        in_string = false;
      }
      continue;
    }
    if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > deepest) deepest = depth;
      if (deepest > limit) return limit + 1;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return deepest;
}

Result<Json> parse_json(std::string_view text, std::string_view source) {
  if (json_nesting_depth(text, kMaxJsonDepth) > kMaxJsonDepth) {
    return make_error(ExitCode::bad_input, "core.json_too_deep")
        .with("source", std::string(source))
        .with("max", std::to_string(kMaxJsonDepth));
  }
  try {
    return Json::parse(text.begin(), text.end());
  } catch (const nlohmann::json::parse_error& e) {
    // The parser's words without the text it last read: the file may be anything a path
    // names (a token, a key), and the message goes to a terminal, a log or an agent.
    std::string what = e.what();
    if (auto cut = what.find("; last read:"); cut != std::string::npos) what.erase(cut);
    return make_error(ExitCode::bad_input, "core.json_invalid")
        .with("source", std::string(source))
        .with("offset", std::to_string(e.byte))
        .with_detail(what);
  } catch (const std::exception& e) {
    return make_error(ExitCode::bad_input, "core.json_invalid")
        .with("source", std::string(source))
        .with("offset", "?")
        .with_detail(e.what());
  }
}

Result<Json> read_json_file(const fs::path& path) {
  QPTQ_TRY_ASSIGN(std::string text, read_file(path));
  return parse_json(text, path.string());
}

std::string dump_pretty(const Json& j) {
  // error_handler::replace: invalid UTF-8 in a string becomes U+FFFD instead of throwing.
  return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

std::string dump_compact(const Json& j) { return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace); }

namespace {

nlohmann::json sorted_copy(const Json& j) {
  // nlohmann::json (not ordered_json) keeps object keys sorted.
  if (j.is_object()) {
    nlohmann::json out = nlohmann::json::object();
    for (auto it = j.begin(); it != j.end(); ++it) out[it.key()] = sorted_copy(it.value());
    return out;
  }
  if (j.is_array()) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& v : j) out.push_back(sorted_copy(v));
    return out;
  }
  return nlohmann::json(j);
}

}  // namespace

std::string canonical_dump(const Json& j) { return sorted_copy(j).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace); }

namespace {

const Json* find_key(const Json& j, std::string_view key) {
  if (!j.is_object()) return nullptr;
  auto it = j.find(std::string(key));
  return it == j.end() ? nullptr : &*it;
}

}  // namespace

std::optional<std::string> json_string(const Json& j, std::string_view key) {
  const Json* v = find_key(j, key);
  if (v == nullptr || !v->is_string()) return std::nullopt;
  return v->get_ref<const std::string&>();
}

namespace {

// A JSON integer that fits int64 (an unsigned one above INT64_MAX does not).
std::optional<std::int64_t> integer_in_range(const Json& v) {
  if (v.is_number_unsigned()) {
    auto u = v.get<std::uint64_t>();
    if (u > static_cast<std::uint64_t>(INT64_MAX)) return std::nullopt;
    return static_cast<std::int64_t>(u);
  }
  if (v.is_number_integer()) return v.get<std::int64_t>();
  return std::nullopt;
}

}  // namespace

std::optional<std::int64_t> json_int(const Json& j, std::string_view key) {
  const Json* v = find_key(j, key);
  if (v == nullptr) return std::nullopt;
  return integer_in_range(*v);
}

std::optional<double> json_number(const Json& j, std::string_view key) {
  const Json* v = find_key(j, key);
  if (v == nullptr || !v->is_number()) return std::nullopt;
  return v->get<double>();
}

std::optional<bool> json_bool(const Json& j, std::string_view key) {
  const Json* v = find_key(j, key);
  if (v == nullptr || !v->is_boolean()) return std::nullopt;
  return v->get<bool>();
}

const Json* json_object(const Json& j, std::string_view key) {
  const Json* v = find_key(j, key);
  return (v != nullptr && v->is_object()) ? v : nullptr;
}

const Json* json_array(const Json& j, std::string_view key) {
  const Json* v = find_key(j, key);
  return (v != nullptr && v->is_array()) ? v : nullptr;
}

std::vector<std::string> json_string_list(const Json& j, std::string_view key) {
  std::vector<std::string> out;
  const Json* arr = json_array(j, key);
  if (arr == nullptr) return out;
  for (const auto& v : *arr) {
    if (v.is_string()) out.push_back(v.get<std::string>());
  }
  return out;
}

const Json* json_at(const Json& j, std::string_view path) {
  const Json* cur = &j;
  while (!path.empty()) {
    auto slash = path.find('/');
    std::string_view key = path.substr(0, slash);
    cur = find_key(*cur, key);
    if (cur == nullptr) return nullptr;
    if (slash == std::string_view::npos) break;
    path.remove_prefix(slash + 1);
  }
  return cur;
}

const Json* json_first_at(const Json& j, std::initializer_list<const char*> paths) {
  for (const char* p : paths) {
    const Json* v = json_at(j, p);
    if (v != nullptr && !v->is_null()) return v;
  }
  return nullptr;
}

std::optional<std::string> json_first_string(const Json& j, std::initializer_list<const char*> paths) {
  for (const char* p : paths) {
    const Json* v = json_at(j, p);
    if (v != nullptr && v->is_string()) return v->get<std::string>();
  }
  return std::nullopt;
}

std::optional<std::int64_t> json_first_int(const Json& j, std::initializer_list<const char*> paths) {
  for (const char* p : paths) {
    const Json* v = json_at(j, p);
    if (v == nullptr) continue;
    if (auto i = integer_in_range(*v)) return i;
    // A float (some configs write 4096.0) counts where the cast is defined: finite, not
    // negative, below 2^63. A value out of range is no value (the next spelling is tried),
    // never a wrapped one.
    if (v->is_number_float()) {
      const double d = v->get<double>();
      if (std::isfinite(d) && d >= 0 && d < 9223372036854775808.0) return static_cast<std::int64_t>(d);
    }
  }
  return std::nullopt;
}

std::optional<bool> json_first_bool(const Json& j, std::initializer_list<const char*> paths) {
  for (const char* p : paths) {
    const Json* v = json_at(j, p);
    if (v != nullptr && v->is_boolean()) return v->get<bool>();
  }
  return std::nullopt;
}

}  // namespace core
