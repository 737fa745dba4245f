// Asks the Python environment that has amd-quark (envprobe::resolve_python_env finds it) what
// it supports: the embedded probe (knowledge/probes/quark_capabilities.py), through the capture
// function (runner::capture: argv, no shell). The probe also formats torch-llm-ptq's help with
// Quark's own argparse parser in its process; only a Quark without that module costs a second
// run, `quark-cli torch-llm-ptq --help` (which starts all of quark-cli, ONNX subcommands and
// their extension builds included). Results are cached per interpreter path and
// package versions under $XDG_CACHE_HOME/quark-ptq (or ~/.cache/quark-ptq), valid for every
// workdir: the key is the interpreter's path and the whole output of the fast versions probe
// (python, amd-quark, torch, transformers, datasets, accelerate and the modification times of
// their dist-info directories, so a reinstall of the same version is a miss too). A miss
// simply probes again.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

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

// Said before the full probe starts (no cached answer for this environment) and after its
// answer is kept: the first probe of an environment imports Quark, which may compile its
// kernels into torch's extensions directory (minutes on a small machine).
struct ProbeNotice {
  std::string python;
  std::string extensions_dir;  // where torch builds Quark's extensions (TORCH_EXTENSIONS_DIR or its default)
  std::string cache_file;      // where the answer is kept ("" when not cached)
};

struct ProbeSettings {
  ProbeSettings() = default;
  ProbeSettings(std::string python_, std::string cache_dir_, CaptureFn capture_, double timeout_seconds_)
      : python(std::move(python_)), cache_dir(std::move(cache_dir_)), capture(std::move(capture_)), timeout_seconds(timeout_seconds_) {}

  std::string python;
  std::string cache_dir;  // "" disables the cache
  // This user's secret (core::local_secret): every entry carries its HMAC, and one without the
  // right code (planted or edited by someone else) is ignored and probed again. "" disables
  // the cache.
  std::string cache_secret;
  CaptureFn capture;  // runner::capture in the product, a fake in tests
  double timeout_seconds = 300;
  std::function<void(const ProbeNotice&)> on_probing;  // before the full probe
  std::function<void(const ProbeNotice&)> on_cached;   // after its answer was written to cache_file
  std::string extensions_dir;                          // for the notices (torch_extensions_dir())
};

// torch's extension build directory as the probed interpreter will see it: TORCH_EXTENSIONS_DIR,
// else $XDG_CACHE_HOME/torch_extensions, else ~/.cache/torch_extensions.
std::string torch_extensions_dir(const EnvFn& env);

// The fast half (`--versions`, no Quark import): the versions and where their answer is kept.
struct ProbedVersions {
  ProbeResult result;      // versions, interpreter, quark-cli
  std::string raw;         // its stdout: part of the cache key
  std::string cache_path;  // "" when the cache is off
};

// nullopt: the interpreter runs but has no amd-quark. An interpreter that cannot be started
// or whose probe prints no JSON is ExitCode::env_not_ready.
core::Result<std::optional<ProbedVersions>> probe_versions(const ProbeSettings& s);

// The cached answer for those versions, else the full probe (on_probing before it, on_cached
// after its answer is kept).
core::Result<InstalledQuark> probe_capabilities(const ProbeSettings& s, const ProbedVersions& versions);

// Both halves.
core::Result<std::optional<InstalledQuark>> probe_installed(const ProbeSettings& s);

// An extension torch is compiling now: its build directory holds torch's `lock` baton.
struct ExtensionBuild {
  std::string name;  // the directory's name: quark_hw_emulation_stable_abi, ...
  std::string dir;
};
// Under `extensions_dir` (torch_extensions_dir()) and its per-build subdirectories
// (py311_cu130, ...), as torch lays them out.
std::vector<ExtensionBuild> extensions_being_built(const std::string& extensions_dir);

// The default cache directory from the environment ("" when there is no home).
std::string default_cache_dir(const EnvFn& env);
// This user's secret that keys the caches (core::local_secret under $XDG_CONFIG_HOME/quark-ptq or
// ~/.config/quark-ptq); "" when it cannot be used, and then nothing is cached.
std::string cache_secret(const EnvFn& env);

// The embedded probe script.
std::string_view probe_script();

}  // namespace plan
