// run_manifest.yaml's `environment`: the environment report prepare recorded (envprobe's
// probe of the Python, its packages and torch, the accelerator, the system, the data) and
// the verdict, with the problems prepare added. Typed where quark-ptq reads it back - the
// Python, the packages, torch, the verdict - with its one writer; the probe's other facts
// (accelerator, system, container, variables, caches, data) are kept as the probe reported
// them: only people read them, and envprobe (below artifacts) writes their shape.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "artifacts/recorded_number.h"
#include "core/error.h"
#include "core/json_io.h"

namespace artifacts {

// environment.python: the interpreter quark-cli runs under.
struct EnvironmentPython {
  std::optional<std::string> path;
  std::optional<std::string> source;  // "--python", "VIRTUAL_ENV", "PATH" ...
  std::optional<std::string> version;
  std::optional<std::string> quark_cli;
  bool quark_cli_found = false;
  bool probe_ran = false;
  std::optional<std::string> probe_failure;
  Number probe_seconds;
};

// environment.torch, null where the probe could not say.
struct EnvironmentTorch {
  std::optional<std::string> version;
  std::optional<std::string> build;
  std::optional<std::string> cuda;
  std::optional<std::string> hip;
  std::optional<bool> available;
  std::optional<std::int64_t> device_count;
  std::vector<std::string> arch_list;
};

// One of environment.verdict.problems.
struct EnvironmentProblem {
  std::string code;
  std::string severity;  // blocking | warning
  std::string message;   // English
  // The catalog id and its arguments beside the English (left out by older releases).
  std::optional<std::string> message_id;
  std::optional<std::vector<core::MessageArg>> args;
  std::optional<std::string> installed;
  std::optional<std::string> required;

  bool blocking() const { return severity == "blocking"; }
};

struct EnvironmentVerdict {
  bool ready = false;
  std::vector<EnvironmentProblem> problems;

  core::Json to_json() const;
};

struct EnvironmentRecord {
  EnvironmentPython python;
  std::vector<std::pair<std::string, std::optional<std::string>>> packages;  // name -> version, null when absent
  EnvironmentTorch torch;
  // The probe's report as envprobe wrote it (envprobe::report_to_json).
  core::Json accelerator = core::Json::object();
  core::Json system = core::Json::object();
  core::Json container = core::Json::object();
  core::Json variables = core::Json::object();
  core::Json hf_cache = core::Json::object();
  core::Json data = core::Json::array();
  std::optional<EnvironmentVerdict> verdict;  // prepare always writes it

  bool ready() const { return verdict && verdict->ready; }
  // A package's recorded version, the first of `names` recorded with one.
  std::optional<std::string> package_version(std::initializer_list<std::string_view> names) const;
  // torch.version (the build torch reports), else the torch package's version.
  std::optional<std::string> torch_version() const { return torch.version ? torch.version : package_version({"torch", "pytorch"}); }
  std::optional<std::string> transformers_version() const { return package_version({"transformers"}); }
  std::optional<std::string> quark_version() const { return package_version({"amd-quark", "amd_quark", "quark"}); }

  core::Json to_json() const;
  static EnvironmentRecord read(const core::Json& j, std::string* error);
  // The probe's report (envprobe::report_to_json, before prepare adds its problems), as
  // recorded: bad_input naming the field.
  static core::Result<EnvironmentRecord> from_json(const core::Json& j);
};

}  // namespace artifacts
