#include "artifacts/environment_record.h"

#include <algorithm>

#include "artifacts/fields.h"
#include "artifacts/json_write.h"

namespace artifacts {

namespace {

EnvironmentProblem problem_of(const core::Json& j, const std::string& at, std::string* error) {
  Fields f(j, at, error);
  EnvironmentProblem p;
  p.code = f.text("code").value_or("");
  p.severity = f.text("severity").value_or("");
  p.message = f.text("message").value_or("");
  p.message_id = f.text("message_id");
  if (const core::Json* args = f.object("args")) {
    p.args.emplace();
    Fields a(*args, f.path("args"), error);
    for (const auto& [name, value] : args->items()) p.args->push_back({name, a.text(name).value_or("")});
  }
  p.installed = f.text("installed");
  p.required = f.text("required");
  return p;
}

core::Json problem_json(const EnvironmentProblem& p) {
  core::Json j = {{"code", p.code}, {"severity", p.severity}, {"message", p.message}};
  if (p.message_id) j["message_id"] = *p.message_id;
  if (p.args) {
    core::Json args = core::Json::object();
    for (const auto& a : *p.args) args[a.name] = a.value;
    j["args"] = std::move(args);
  }
  put_if(j, "installed", p.installed);
  put_if(j, "required", p.required);
  return j;
}

// A block kept as the probe wrote it: an object (or, for data, a list) when present.
core::Json kept(Fields& f, const char* key, bool list) {
  const core::Json* v = list ? f.array(key) : f.object(key);
  return v != nullptr ? *v : (list ? core::Json::array() : core::Json::object());
}

}  // namespace

core::Json EnvironmentVerdict::to_json() const {
  core::Json list = core::Json::array();
  for (const auto& p : problems) list.push_back(problem_json(p));
  return {{"ready", ready}, {"problems", std::move(list)}};
}

std::optional<std::string> EnvironmentRecord::package_version(std::initializer_list<std::string_view> names) const {
  for (const auto& [name, version] : packages) {
    if (version && std::find(names.begin(), names.end(), name) != names.end()) return version;
  }
  return std::nullopt;
}

core::Json EnvironmentRecord::to_json() const {
  core::Json pkgs = core::Json::object();
  for (const auto& [name, version] : packages) pkgs[name] = or_null(version);
  core::Json out = {{"python",
                     {{"path", or_null(python.path)},
                      {"source", or_null(python.source)},
                      {"version", or_null(python.version)},
                      {"quark_cli", or_null(python.quark_cli)},
                      {"quark_cli_found", python.quark_cli_found},
                      {"probe_ran", python.probe_ran},
                      {"probe_failure", or_null(python.probe_failure)},
                      {"probe_seconds", python.probe_seconds.to_json()}}},
                    {"packages", std::move(pkgs)},
                    {"torch",
                     {{"version", or_null(torch.version)},
                      {"build", or_null(torch.build)},
                      {"cuda", or_null(torch.cuda)},
                      {"hip", or_null(torch.hip)},
                      {"available", or_null(torch.available)},
                      {"device_count", or_null(torch.device_count)},
                      {"arch_list", torch.arch_list}}},
                    {"accelerator", accelerator},
                    {"system", system},
                    {"container", container},
                    {"variables", variables},
                    {"hf_cache", hf_cache},
                    {"data", data}};
  if (verdict) out["verdict"] = verdict->to_json();
  return out;
}

EnvironmentRecord EnvironmentRecord::read(const core::Json& j, std::string* error) {
  Fields f(j, "environment", error);
  EnvironmentRecord e;
  if (const core::Json* py = f.object("python")) {
    Fields p(*py, f.path("python"), error);
    e.python.path = p.text("path");
    e.python.source = p.text("source");
    e.python.version = p.text("version");
    e.python.quark_cli = p.text("quark_cli");
    e.python.quark_cli_found = p.flag("quark_cli_found").value_or(false);
    e.python.probe_ran = p.flag("probe_ran").value_or(false);
    e.python.probe_failure = p.text("probe_failure");
    e.python.probe_seconds = number_as_recorded(p, *py, "probe_seconds").value_or(Number());
  }
  if (const core::Json* pkgs = f.object("packages")) {
    Fields p(*pkgs, f.path("packages"), error);
    for (const auto& [name, value] : pkgs->items()) e.packages.emplace_back(name, p.text(name));
  }
  if (const core::Json* torch = f.object("torch")) {
    Fields t(*torch, f.path("torch"), error);
    e.torch.version = t.text("version");
    e.torch.build = t.text("build");
    e.torch.cuda = t.text("cuda");
    e.torch.hip = t.text("hip");
    e.torch.available = t.flag("available");
    e.torch.device_count = t.integer("device_count");
    e.torch.arch_list = t.texts("arch_list");
  }
  e.accelerator = kept(f, "accelerator", false);
  e.system = kept(f, "system", false);
  e.container = kept(f, "container", false);
  e.variables = kept(f, "variables", false);
  e.hf_cache = kept(f, "hf_cache", false);
  e.data = kept(f, "data", true);
  if (const core::Json* verdict = f.object("verdict")) {
    Fields v(*verdict, f.path("verdict"), error);
    e.verdict.emplace();
    e.verdict->ready = v.flag("ready").value_or(false);
    if (const core::Json* problems = v.array("problems")) {
      for (std::size_t i = 0; i < problems->size(); ++i) {
        e.verdict->problems.push_back(problem_of((*problems)[i], v.path("problems") + "/" + std::to_string(i), error));
      }
    }
  }
  return e;
}

core::Result<EnvironmentRecord> EnvironmentRecord::from_json(const core::Json& j) {
  std::string error;
  EnvironmentRecord e = read(j, &error);
  if (!error.empty()) return core::fail(field_invalid("environment report", error));
  return e;
}

}  // namespace artifacts
