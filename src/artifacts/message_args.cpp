#include "artifacts/message_args.h"

#include "artifacts/fields.h"

namespace artifacts {

std::vector<core::MessageArg> message_args_of(const core::Json& args, const std::string& at, std::string* error) {
  std::vector<core::MessageArg> out;
  Fields a(args, at, error);
  for (const auto& [name, value] : args.items()) out.push_back({name, a.text(name).value_or("")});
  return out;
}

core::Json message_args_json(const std::vector<core::MessageArg>& args) {
  core::Json o = core::Json::object();
  for (const auto& a : args) o[a.name] = a.value;
  return o;
}

}  // namespace artifacts
