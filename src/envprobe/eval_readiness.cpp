#include "envprobe/eval_readiness.h"

#include "core/embedded.h"
#include "core/json_io.h"
#include "core/text.h"
#include "runner/capture.h"
#include "runner/python_script.h"

namespace envprobe {

core::Result<EvalReadiness> check_eval_python(const std::string& python, double timeout_seconds) {
  EvalReadiness r;
  r.python = python;
  auto script = core::embedded_file(kEvalReadyScriptPath);
  if (!script) {
    r.why = "the readiness check is not embedded in this build";
    return r;
  }
  auto run = runner::capture(runner::python_script(python, *script), timeout_seconds, 1u << 20);
  if (!run && run.error().code == core::ExitCode::interrupted) return core::fail(std::move(run).error());
  if (!run) {
    r.why = "could not start " + python;
    return r;
  }
  if (run->timed_out) {
    r.why = "no answer within " + std::to_string(static_cast<int>(timeout_seconds)) + " s";
    return r;
  }
  auto doc = core::parse_json(core::last_line(run->out), python + " readiness check");
  if (!doc || core::json_string(*doc, "probe").value_or("") != "quark-ptq-eval-ready") {
    std::string seen(core::last_line(run->err));
    r.why = "no answer from the readiness check" + (seen.empty() ? std::string() : ": " + seen);
    return r;
  }
  r.ready = core::json_bool(*doc, "ready").value_or(false);
  r.why = core::json_string(*doc, "why").value_or("");
  r.transformers = core::json_string(*doc, "transformers").value_or("");
  r.quark = core::json_string(*doc, "quark").value_or("");
  return r;
}

}  // namespace envprobe
