#include "mcp/arguments.h"

namespace mcp {

using json = core::Json;

namespace {

std::string_view type_name(Param::Type t) {
  switch (t) {
    case Param::Type::string:
      return "string";
    case Param::Type::boolean:
      return "boolean";
    case Param::Type::integer:
      return "integer";
    case Param::Type::number:
      return "number";
    case Param::Type::strings:
      return "array";
  }
  return "string";
}

bool fits_type(const Param& p, const json& v) {
  switch (p.type) {
    case Param::Type::string:
      return v.is_string();
    case Param::Type::boolean:
      return v.is_boolean();
    case Param::Type::integer:
      return v.is_number_integer();
    case Param::Type::number:
      return v.is_number();
    case Param::Type::strings:
      if (!v.is_array()) return false;
      for (const auto& s : v) {
        if (!s.is_string()) return false;
      }
      return true;
  }
  return false;
}

core::Error bad(std::string_view tool, const Param& p, std::string expected) {
  return core::make_error(core::ExitCode::usage, "mcp.argument_invalid")
      .with("tool", std::string(tool))
      .with("name", p.name)
      .with("expected", std::move(expected));
}

}  // namespace

json input_schema(const std::vector<Param>& params) {
  json props = json::object();
  json required = json::array();
  for (const auto& p : params) {
    json s = {{"type", type_name(p.type)}, {"description", p.description}};
    if (p.type == Param::Type::strings) s["items"] = {{"type", "string"}};
    if (!p.choices.empty()) s["enum"] = p.choices;
    if (p.minimum) s["minimum"] = *p.minimum;
    if (p.maximum) s["maximum"] = *p.maximum;
    props[p.name] = s;
    if (p.required) required.push_back(p.name);
  }
  return {{"type", "object"}, {"properties", props}, {"required", required}, {"additionalProperties", false}};
}

std::optional<core::Error> check_arguments(std::string_view tool, const std::vector<Param>& params, const json& args) {
  if (!args.is_object()) {
    return core::make_error(core::ExitCode::usage, "mcp.arguments_not_object").with("tool", std::string(tool));
  }
  for (auto it = args.begin(); it != args.end(); ++it) {
    bool known = false;
    for (const auto& p : params) known = known || p.name == it.key();
    if (!known) {
      return core::make_error(core::ExitCode::usage, "mcp.argument_unknown").with("tool", std::string(tool)).with("name", it.key());
    }
  }
  for (const auto& p : params) {
    if (!args.contains(p.name) || args[p.name].is_null()) {
      if (p.required)
        return core::make_error(core::ExitCode::usage, "mcp.argument_missing").with("tool", std::string(tool)).with("name", p.name);
      continue;
    }
    const json& v = args[p.name];
    if (!fits_type(p, v)) return bad(tool, p, std::string(type_name(p.type)));
    if (p.type == Param::Type::string && p.required && v.get_ref<const std::string&>().empty()) return bad(tool, p, "a non-empty string");
    if (!p.choices.empty()) {
      bool ok = false;
      for (const auto& c : p.choices) ok = ok || v == c;
      if (!ok) {
        std::string list;
        for (const auto& c : p.choices) list += (list.empty() ? "" : ", ") + c;
        return bad(tool, p, "one of " + list);
      }
    }
    if (v.is_number()) {
      double d = v.get<double>();
      if ((p.minimum && d < *p.minimum) || (p.maximum && d > *p.maximum)) {
        std::string range = p.minimum ? ">= " + json(*p.minimum).dump() : "";
        if (p.maximum) range += (range.empty() ? "<= " : " and <= ") + json(*p.maximum).dump();
        return bad(tool, p, "a number " + range);
      }
    }
  }
  return std::nullopt;
}

std::string arg_string(const json& args, const std::string& name, std::string fallback) {
  auto it = args.find(name);
  return it != args.end() && it->is_string() ? it->get<std::string>() : fallback;
}

bool arg_bool(const json& args, const std::string& name) {
  auto it = args.find(name);
  return it != args.end() && it->is_boolean() && it->get<bool>();
}

std::optional<int> arg_int(const json& args, const std::string& name) {
  auto it = args.find(name);
  if (it == args.end() || !it->is_number_integer()) return std::nullopt;
  return it->get<int>();
}

std::vector<std::string> arg_strings(const json& args, const std::string& name) {
  auto it = args.find(name);
  if (it == args.end() || !it->is_array()) return {};
  return it->get<std::vector<std::string>>();
}

}  // namespace mcp
