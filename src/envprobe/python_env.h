// Which Python environment drives quark-cli. Order: --python PATH, else $VIRTUAL_ENV/bin/python,
// else $CONDA_PREFIX/bin/python, else the interpreter named by the shebang of the `quark-cli`
// found on PATH. quark-cli is always taken from the same environment (the bin directory of
// that interpreter), never from elsewhere on PATH. Reused by the planner (step 2) and
// prepare/env (step 3).
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "core/result.h"

namespace envprobe {

struct PythonEnv {
  std::string python;            // absolute; symlinks kept (a venv's python is a symlink)
  std::string quark_cli;         // <bin dir of python>/quark-cli
  std::string source;            // "--python", "VIRTUAL_ENV", "CONDA_PREFIX" or "quark-cli on PATH"
  bool quark_cli_found = false;  // quark_cli exists and is executable
};

using EnvGetter = std::function<std::optional<std::string>(const std::string& name)>;

// The real process environment.
std::optional<std::string> process_env(const std::string& name);

// Fails with ExitCode::bad_input when --python is not an executable file, and with
// ExitCode::env_not_ready ("envprobe.python_not_found") when no source names a Python.
core::Result<PythonEnv> resolve_python_env(const std::string& python_flag, const EnvGetter& getenv = process_env);

// The interpreter a console script runs under, from its first line ("#!/abs/python",
// "#!/usr/bin/env python3") or pip's long-path form ("#!/bin/sh" + "'''exec' "/abs/python" ...").
std::optional<std::string> script_interpreter(const std::string& script_path);

}  // namespace envprobe
