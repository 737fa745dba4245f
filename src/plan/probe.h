// Asks the Python environment that has amd-quark (envprobe::resolve_python_env finds it) what
// it supports: the embedded probe (knowledge/probes/quark_capabilities.py) and `quark-cli
// torch-llm-ptq --help`, both through runner::capture (argv, no shell). Results are cached per interpreter path and
// package versions under $XDG_CACHE_HOME/quark-ptq (or ~/.cache/quark-ptq): a version
// change is a cache miss, and a miss simply probes again.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "core/result.h"
#include "plan/help_parser.h"
#include "plan/probe_result.h"
#include "runner/capture.h"

namespace plan {

using CaptureFn = std::function<core::Result<runner::CaptureResult>(const runner::CommandSpec&, double)>;
using EnvFn = std::function<std::optional<std::string>(const std::string&)>;

struct InstalledQuark {
  ProbeResult probe;
  HelpInfo help;
  bool help_ok = false;      // --help ran and parsed
  std::string help_problem;  // why not, when !help_ok
  bool from_cache = false;
};

struct ProbeSettings {
  std::string python;
  std::string cache_dir;     // "" disables the cache
  CaptureFn capture;         // runner::capture in the product, a fake in tests
  double timeout_seconds = 300;
};

// nullopt: the interpreter runs but has no amd-quark. An interpreter that cannot be started
// or whose probe prints no JSON is ExitCode::env_not_ready.
core::Result<std::optional<InstalledQuark>> probe_installed(const ProbeSettings& s);

// The default cache directory from the environment ("" when there is no home).
std::string default_cache_dir(const EnvFn& env);

// The embedded probe script.
std::string_view probe_script();

}  // namespace plan
