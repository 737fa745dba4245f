// Whether a Python can load a Quark export, asked of that Python at step 3 so that the
// evaluation's interpreter is known to work before the run rather than after it (an amd-quark
// 0.12.post1 environment quantizes on the CPU but its transformers cannot load what it
// exported). The embedded knowledge/probes/eval_ready.py asks transformers itself.
#pragma once

#include <string>
#include <vector>
#include <string_view>

#include "core/error.h"
#include "core/result.h"

namespace envprobe {

inline constexpr std::string_view kEvalReadyScriptPath = "knowledge/probes/eval_ready.py";
inline constexpr double kEvalReadyTimeoutSeconds = 300;  // importing amd-quark may build its extensions first

struct EvalReadiness {
  std::string python;
  bool ready = false;
  // Why not, when not ready: a message (envprobe.eval_ready.*) and its arguments, read in the
  // person's language, and its English text.
  std::string why_id;
  std::vector<core::MessageArg> why_args;
  std::string why;
  std::string transformers;  // versions, as the interpreter reported them ("" unknown)
  std::string quark;
};

// Runs the check (isolated from the caller's directory, runner::python_script). An answer that
// is missing or not the probe's is "not ready" with what was seen. Fails only when quark-ptq is
// asked to stop meanwhile (ExitCode::interrupted).
core::Result<EvalReadiness> check_eval_python(const std::string& python, double timeout_seconds = kEvalReadyTimeoutSeconds);

}  // namespace envprobe
