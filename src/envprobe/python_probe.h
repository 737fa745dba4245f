// One short run of the chosen Python with the embedded probe script
// (knowledge/probes/env_probe.py) as `python -c <script>`, cwd "/", with a deadline.
#pragma once

#include <string>
#include <string_view>

#include "core/result.h"
#include "envprobe/facts.h"
#include "runner/capture.h"

namespace envprobe {

inline constexpr std::string_view kProbeScriptPath = "knowledge/probes/env_probe.py";
inline constexpr double kProbeTimeoutSeconds = 120;  // importing torch on a cold cache is slow

// The embedded script text.
std::string_view probe_script();

// A probe that cannot start, times out or prints garbage is a PythonFacts with ran=false and
// the reason in `failure`. Fails only when quark-ptq is asked to stop while the probe runs
// (ExitCode::interrupted "runner.probe_interrupted"): a stop is never a "not ready" verdict.
core::Result<PythonFacts> run_python_probe(const std::string& python, double timeout_seconds = kProbeTimeoutSeconds);

// What a finished run of the probe (here, or as a job step: envprobe/report.h) says: the
// facts, or a PythonFacts with ran=false and why (timed out after `timeout_seconds`, exited 0
// without the probe's answer, failed with its stderr's tail).
PythonFacts facts_from_capture(const runner::CaptureResult& res, const std::string& python, double timeout_seconds);

// The probe's JSON (stdout) as facts; also used on recorded fixtures.
core::Result<PythonFacts> parse_python_probe(std::string_view json_text, std::string_view source);

}  // namespace envprobe
