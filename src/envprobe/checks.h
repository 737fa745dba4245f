// Problems with the environment, each with the exact installed and required values, and the
// verdict (ready unless a blocking problem was found). Requirements per amd-quark release
// are data: knowledge/environment.json.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/json_io.h"
#include "envprobe/facts.h"
#include "envprobe/python_env.h"

namespace envprobe {

struct Problem {
  std::string code;        // "missing_package", "torch_gpu_unavailable", ...
  bool blocking = true;    // false: a warning, the run may still go ahead
  std::string message_id;  // catalog id of the one-line explanation + fix
  std::vector<core::MessageArg> args;
  std::string installed;  // what is there ("not installed" when absent)
  std::string required;   // what is needed
};

struct Verdict {
  bool ready = true;
  std::vector<Problem> problems;
  void add(Problem p) {
    if (p.blocking) ready = false;
    problems.push_back(std::move(p));
  }
};

// The requirement set for the installed amd-quark (else `hint`, else the default release).
struct Requirements {
  std::string quark_version;  // the release the set belongs to, e.g. "0.13"
  std::string python;         // spec
  struct Package {
    std::string name;
    std::string spec;
    std::string fix;
  };
  std::vector<Package> packages;
  // Whether this release quantizes on a host without a GPU (knowledge/environment.json
  // requirements.<release>.cpu_only, from real runs).
  bool cpu_only_works = true;
};
// Errors: knowledge/environment.json broken (internal, knowledge.data_invalid).
core::Result<Requirements> requirements_for(const std::optional<std::string>& installed_quark, const std::optional<std::string>& hint);

// Whether `scheme` runs natively on the accelerator. nullopt: cannot tell (unknown scheme,
// no GPU facts, a release without the scheme). The ONE seam for scheme/hardware facts: the
// release's catalog knowledge/quark/<release>/schemes.json ("native_on": ["gfx942", "sm_90", ...]).
struct NativeSupport {
  std::optional<bool> native;
  std::string target;  // "gfx942", "sm_90"
  std::string basis;   // which knowledge file decided
};
NativeSupport scheme_native_support(const std::string& scheme, const Accelerator& acc, const std::string& release);

// The architecture id the scheme catalogs use: "gfx942" (AMD) or "sm_90" (NVIDIA); "" unknown.
std::string arch_id(const Accelerator& acc);

struct CheckInputs {
  PythonEnv env;
  PythonFacts py;
  Accelerator acc;
  std::vector<std::string> schemes;  // the plan's global + override schemes (empty: none)
  std::string device = "cuda";       // the command's --device
  std::optional<std::string> quark_version_hint;
  // The GPUs' gfx targets as the kernel driver reports them (SystemFacts::amd_gpus), which
  // HSA_OVERRIDE_GFX_VERSION does not change; empty when unknown.
  std::vector<std::string> hardware_gfx;
};

Verdict check_environment(const CheckInputs& in);

// {"code", "severity", "message" (English), "message_id", "args", "installed", "required"}
core::Json problem_to_json(const Problem& p);

}  // namespace envprobe
