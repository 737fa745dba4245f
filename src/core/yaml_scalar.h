// Which plain YAML scalars a standard loader would read as something other than a string, and
// the text of a double that reads back as the same double. The manifest is the JSON data
// model written as YAML, so every string a loader would retype (PyYAML's YAML 1.1 resolvers
// and the YAML 1.2 core schema: booleans, nulls, ints in any base, floats, sexagesimal
// numbers, timestamps, merge keys) must be quoted, or run_manifest.yaml loads as datetimes and
// numbers that its own schema then rejects.
#pragma once

#include <string>
#include <string_view>

namespace core {

// True when `s` written as a plain scalar would not load back as the string `s`.
bool yaml_plain_retypes(std::string_view s);

// The shortest text that reads back as exactly `d` and is a float to every loader
// ("0.05", not "0.050000000000000003"; "1.0", not "1"). `d` must be finite.
std::string yaml_float_text(double d);

}  // namespace core
