// The environment report of `quark-ptq env` and of run_manifest.yaml's `environment`:
// which Python (and how it was chosen), its packages and torch build, the accelerators,
// OS / kernel / container, the recorded device and cache variables, data readiness, and
// the verdict with every problem.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/json_io.h"
#include "core/result.h"
#include "envprobe/checks.h"
#include "envprobe/data_readiness.h"
#include "envprobe/facts.h"
#include "envprobe/python_env.h"
#include "envprobe/system_probe.h"
#include "runner/capture.h"
#include "runner/command.h"

namespace envprobe {

struct ProbeOptions {
  std::string python_flag;           // --python
  std::vector<std::string> schemes;  // the plan's schemes, for the native-support check
  std::string device = "cuda";
  std::optional<std::string> quark_version_hint;
  std::vector<DataNeed> data;          // empty: no data readiness check (quark-ptq env)
  DatasetReachable dataset_reachable;  // asked about a dataset that is not cached
  SystemSources system;
  EnvGetter getenv = process_env;
  // Runs the Python probe on another machine instead of here (prepare's Slurm preflight: a job
  // step on the partition, manifest/preflight.h): given the probe's command (with --system),
  // its capture there, or an error when it could not run there at all (returned as it is). The
  // system facts then come from that run's output (envprobe/probed_system.h), never from this
  // host; the Python is still chosen, and the data checked, here (a shared filesystem).
  std::function<core::Result<runner::CaptureResult>(const runner::CommandSpec&)> run_elsewhere;
  double elsewhere_timeout_seconds = 0;  // the deadline run_elsewhere applies, for the failure text
};

struct EnvReport {
  PythonEnv env;  // python empty when none was found
  PythonFacts py;
  SystemFacts sys;
  Accelerator acc;
  std::vector<DataStatus> data;
  HfPaths hf;
  Verdict verdict;
};

// Fails only on a bad --python (ExitCode::bad_input), when quark-ptq is asked to stop while
// a probe runs (ExitCode::interrupted, exit 130), or with run_elsewhere's error. No Python
// found is a report whose verdict says so.
core::Result<EnvReport> probe_environment(const ProbeOptions& opt);

// Builds the verdict from facts already gathered (also used on recorded fixtures).
Verdict judge(const EnvReport& r, const ProbeOptions& opt);

core::Json report_to_json(const EnvReport& r);

// The variables recorded (and left untouched) for the run.
const std::vector<std::string>& recorded_variables();

}  // namespace envprobe
