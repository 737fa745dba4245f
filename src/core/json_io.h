// The nlohmann-json adapter. Parsing and typed access never throw: nlohmann's exceptions are
// caught here and turned into core::Error values. Code outside core reads JSON through the
// json_* accessors below (or checks types itself before calling nlohmann's getters).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/fs.h"

namespace core {

using Json = nlohmann::ordered_json;

// Deeper nesting is refused before parsing ("core.json_too_deep"): every artifact and config
// we read is a few levels deep, and a document 50,000 levels deep would exhaust the stack in
// the recursive code that copies, dumps or schema-checks it.
inline constexpr int kMaxJsonDepth = 128;

// The deepest array/object nesting in `text`, counting brackets outside strings; stops
// counting (and returns limit + 1) once `limit` is exceeded.
int json_nesting_depth(std::string_view text, int limit);

// `source` names the input in error messages (a path or "HTTP response from ...").
Result<Json> parse_json(std::string_view text, std::string_view source);
Result<Json> read_json_file(const fs::path& path);
// Pretty, with a trailing newline: the form in which artifacts are written.
std::string dump_pretty(const Json& j);
// Compact, keys in the order stored; used for digests via canonical_dump.
std::string dump_compact(const Json& j);
// Keys sorted recursively, compact: the input of content digests.
std::string canonical_dump(const Json& j);

// Typed accessors: nullopt when the key is missing or has another type.
std::optional<std::string> json_string(const Json& j, std::string_view key);
std::optional<std::int64_t> json_int(const Json& j, std::string_view key);
std::optional<double> json_number(const Json& j, std::string_view key);
std::optional<bool> json_bool(const Json& j, std::string_view key);
const Json* json_object(const Json& j, std::string_view key);
const Json* json_array(const Json& j, std::string_view key);
std::vector<std::string> json_string_list(const Json& j, std::string_view key);
// Follows a '/'-separated path of object keys, e.g. "model/model_type".
const Json* json_at(const Json& j, std::string_view path);
// The first of several spellings (paths) of a field that holds a value of the wanted type:
// artifacts written by earlier releases name some fields differently.
const Json* json_first_at(const Json& j, std::initializer_list<const char*> paths);  // not null
std::optional<std::string> json_first_string(const Json& j, std::initializer_list<const char*> paths);
// An integer that fits int64, or a non-negative float below 2^63 truncated to one; a value
// out of range counts as absent.
std::optional<std::int64_t> json_first_int(const Json& j, std::initializer_list<const char*> paths);
std::optional<bool> json_first_bool(const Json& j, std::initializer_list<const char*> paths);

}  // namespace core
