// Typed reads of one JSON object of an artifact, each field by its one name: absent or null is
// unset, another type than the schema's is an error naming the field by its path in the
// document ("run/peak/group_rss_mib"). The first such error is kept; later reads go on, so a
// reader is written as a list of fields and checks failed() once at the end.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/json_io.h"
#include "core/result.h"

namespace artifacts {

class Fields {
 public:
  // `at` is the object's path in the document ("" for the top); `object` may be anything:
  // a non-object reads as an object without fields.
  Fields(const core::Json& object, std::string at, std::string* first_error);

  std::optional<std::string> text(std::string_view key);
  std::optional<double> number(std::string_view key);
  std::optional<std::int64_t> integer(std::string_view key);
  std::optional<bool> flag(std::string_view key);
  // The member when it is an object (nullptr when absent or null; an error for another type).
  const core::Json* object(std::string_view key);
  const core::Json* array(std::string_view key);
  // A list of strings or of whole numbers; an element of another type is an error naming it
  // by its index ("files/tokenizer_files/2 is not a string").
  std::vector<std::string> texts(std::string_view key);
  std::vector<std::int64_t> integers(std::string_view key);
  std::string path(std::string_view key) const;

 private:
  const core::Json* member(std::string_view key) const;
  void wrong(std::string_view key, const char* expected);

  const core::Json& m_object;
  std::string m_at;
  std::string* m_first_error;
};

// bad_input "artifacts.field_invalid" for `artifact` naming the field and what it should be.
core::Error field_invalid(std::string_view artifact, const std::string& problem);

}  // namespace artifacts
