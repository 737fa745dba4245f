#include "envprobe/python_env.h"

#include <unistd.h>

#include <cstdlib>

#include "core/fs.h"
#include "core/text.h"
#include "runner/capture.h"

namespace envprobe {

namespace {

bool is_executable_file(const std::string& path) { return core::is_regular_file(path) && ::access(path.c_str(), X_OK) == 0; }

PythonEnv in_environment(const std::string& python, std::string source) {
  PythonEnv env;
  env.python = core::absolute_path(python).string();
  env.quark_cli = (core::fs::path(env.python).parent_path() / "quark-cli").string();
  env.quark_cli_found = is_executable_file(env.quark_cli);
  env.source = std::move(source);
  return env;
}

std::optional<std::string> env_python(const EnvGetter& getenv, const std::string& var) {
  auto prefix = getenv(var);
  if (!prefix || prefix->empty()) return std::nullopt;
  for (const char* name : {"python", "python3"}) {
    std::string candidate = (core::fs::path(*prefix) / "bin" / name).string();
    if (is_executable_file(candidate)) return candidate;
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> process_env(const std::string& name) {
  const char* v = std::getenv(name.c_str());
  if (v == nullptr) return std::nullopt;
  return std::string(v);
}

std::optional<std::string> script_interpreter(const std::string& script_path) {
  auto head = core::read_range(script_path, 0, 4096);
  if (!head || head->rfind("#!", 0) != 0) return std::nullopt;
  auto nl = head->find('\n');
  std::string first(core::trim(std::string_view(*head).substr(2, nl == std::string::npos ? std::string::npos : nl - 2)));
  if (first == "/bin/sh" && nl != std::string::npos) {
    // pip's launcher when the interpreter path is too long for a shebang: a #!/bin/sh line,
    // then '''exec' "<python>". Only the text is read, to learn <python>; no shell is run.
    const std::string marker = "'''exec' \"";
    auto at = head->find(marker, nl);
    if (at == std::string::npos) return std::nullopt;
    auto start = at + marker.size();
    auto end = head->find('"', start);
    if (end == std::string::npos) return std::nullopt;
    return head->substr(start, end - start);
  }
  auto space = first.find_first_of(" \t");
  std::string program = first.substr(0, space);
  if (core::fs::path(program).filename() == "env" && space != std::string::npos) {
    std::string rest(core::trim(std::string_view(first).substr(space + 1)));
    std::string name = rest.substr(0, rest.find_first_of(" \t"));
    if (name.empty() || name.front() == '-') return std::nullopt;
    return runner::find_program(name);
  }
  if (program.empty()) return std::nullopt;
  return program;
}

core::Result<PythonEnv> resolve_python_env(const std::string& python_flag, const EnvGetter& getenv) {
  if (!python_flag.empty()) {
    auto found = runner::find_program(python_flag);
    if (!found || !is_executable_file(*found)) {
      return core::make_error(core::ExitCode::bad_input, "envprobe.python_not_executable").with("path", python_flag);
    }
    return in_environment(*found, "--python");
  }
  if (auto p = env_python(getenv, "VIRTUAL_ENV")) return in_environment(*p, "VIRTUAL_ENV");
  if (auto p = env_python(getenv, "CONDA_PREFIX")) return in_environment(*p, "CONDA_PREFIX");
  if (auto cli = runner::find_program("quark-cli")) {
    if (auto interp = script_interpreter(*cli); interp && is_executable_file(*interp)) {
      return in_environment(*interp, "quark-cli on PATH");
    }
  }
  return core::make_error(core::ExitCode::env_not_ready, "envprobe.python_not_found");
}

}  // namespace envprobe
