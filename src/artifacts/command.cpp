#include "artifacts/command.h"

#include "artifacts/fields.h"
#include "artifacts/json_write.h"

namespace artifacts {

namespace {

constexpr std::string_view kFile = "run_manifest.yaml";

}  // namespace

core::Json Command::to_json() const {
  core::Json env = core::Json::array();
  for (const auto& e : env_changes) env.push_back({{"name", e.name}, {"value", e.value}});
  core::Json o = core::Json::object();
  o["python"] = or_null(python);
  put_if(o, "quark_cli", quark_cli);
  o["argv"] = argv;
  o["env_changes"] = std::move(env);
  put_if(o, "display", display);
  put_if(o, "scope", scope);
  o["digest"] = digest;
  return o;
}

core::Result<Command> Command::from_json(const core::Json& section) {
  std::string error;
  Fields f(section, "command", &error);
  Command c;
  c.python = f.text("python");
  c.quark_cli = f.text("quark_cli");
  c.argv = f.texts("argv");
  if (const core::Json* env = f.array("env_changes")) {
    for (std::size_t i = 0; i < env->size(); ++i) {
      const std::string at = f.path("env_changes") + "/" + std::to_string(i);
      Fields e((*env)[i], at, &error);
      auto name = e.text("name");
      auto value = e.text("value");
      if ((!name || !value) && error.empty()) error = at + (name ? "/value" : "/name") + " is missing";
      c.env_changes.push_back({name.value_or(""), value.value_or("")});
    }
  }
  c.display = f.text("display");
  c.scope = f.integer("scope");
  c.digest = f.text("digest").value_or("");
  if (!error.empty()) return core::fail(field_invalid(kFile, error));
  return c;
}

core::Result<std::optional<Command>> manifest_command(const core::Json& manifest) {
  std::string error;
  Fields top(manifest, "", &error);
  const core::Json* section = top.object("command");
  if (!error.empty()) return core::fail(field_invalid(kFile, error));
  if (section == nullptr) return std::optional<Command>();
  QPTQ_TRY_ASSIGN(Command c, Command::from_json(*section));
  return std::optional<Command>(std::move(c));
}

}  // namespace artifacts
