// A tool's arguments: the JSON Schema that tools/list publishes and the check of a call's
// arguments against it. The check is strict - an argument the tool does not declare is an
// error, never ignored - so nothing an agent adds to a call (`approve`, `digest`, `yes`) can
// change what the tool does. Failures are usage errors (exit 2), as a bad option is on the
// command line.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/json_io.h"

#include "core/error.h"

namespace mcp {

struct Param {
  enum class Type { string, boolean, integer, number, strings };
  std::string name;
  Type type = Type::string;
  std::string description;
  bool required = false;
  std::vector<std::string> choices;  // string: one of these
  std::optional<double> minimum;     // integer / number
  std::optional<double> maximum;
};

core::Json input_schema(const std::vector<Param>& params);

// The first problem with `args`, or nullopt when they fit the parameters.
std::optional<core::Error> check_arguments(std::string_view tool, const std::vector<Param>& params, const core::Json& args);

// Getters for checked arguments (the default when absent).
std::string arg_string(const core::Json& args, const std::string& name, std::string fallback = {});
bool arg_bool(const core::Json& args, const std::string& name);
std::optional<int> arg_int(const core::Json& args, const std::string& name);
std::vector<std::string> arg_strings(const core::Json& args, const std::string& name);

}  // namespace mcp
