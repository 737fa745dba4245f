// Reads the fields of a shipped knowledge document and remembers the first one that is
// missing or has the wrong type, so that a loader reads every field in a row and then fails
// once, naming the field (knowledge.data_invalid), instead of filling in a default.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/json_io.h"
#include "core/result.h"

namespace knowledge {

class StrictFields {
 public:
  explicit StrictFields(std::string path) : m_path(std::move(path)) {}

  // `where` is the JSON pointer of `obj` in the document ("" for the root).
  double number(const core::Json& obj, std::string_view where, std::string_view key);
  std::int64_t integer(const core::Json& obj, std::string_view where, std::string_view key);
  bool boolean(const core::Json& obj, std::string_view where, std::string_view key);
  std::string string(const core::Json& obj, std::string_view where, std::string_view key);
  std::vector<std::string> strings(const core::Json& obj, std::string_view where, std::string_view key);
  // A field the file may leave out: nullopt / nullptr when absent (or null, for `nullable`
  // ones); present with another type is the error, as for the fields above.
  std::optional<std::string> optional_string(const core::Json& obj, std::string_view where, std::string_view key);
  std::optional<std::int64_t> optional_integer(const core::Json& obj, std::string_view where, std::string_view key);
  std::optional<bool> optional_boolean(const core::Json& obj, std::string_view where, std::string_view key);
  const core::Json* optional_object(const core::Json& obj, std::string_view where, std::string_view key);
  // The object at key, or an empty object (and the error) when it is not one.
  const core::Json& object(const core::Json& obj, std::string_view where, std::string_view key);
  const core::Json& array(const core::Json& obj, std::string_view where, std::string_view key);

  bool ok() const { return m_error.empty(); }
  // Ok, or internal "knowledge.data_invalid" naming the file and the first bad field.
  core::Result<void> result() const;

 private:
  const core::Json* field(const core::Json& obj, std::string_view where, std::string_view key, bool (core::Json::*is)() const noexcept,
                          std::string_view what);
  // nullptr when absent or null; the error when present with another type.
  const core::Json* optional_field(const core::Json& obj, std::string_view where, std::string_view key,
                                   bool (core::Json::*is)() const noexcept, std::string_view what);
  std::string m_path;
  std::string m_error;
};

}  // namespace knowledge
