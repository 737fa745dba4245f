#include "envprobe/eval_readiness.h"

#include "core/embedded.h"
#include "core/json_io.h"
#include "core/messages.h"
#include "core/text.h"
#include "runner/capture.h"
#include "runner/python_script.h"

namespace envprobe {

namespace {

void not_ready(EvalReadiness& r, std::string id, std::vector<core::MessageArg> args) {
  r.why = core::msg(core::Lang::en, id, args);
  r.why_id = std::move(id);
  r.why_args = std::move(args);
}

}  // namespace

core::Result<EvalReadiness> check_eval_python(const std::string& python, double timeout_seconds) {
  EvalReadiness r;
  r.python = python;
  auto script = core::embedded_file(kEvalReadyScriptPath);
  if (!script) {
    not_ready(r, "envprobe.eval_ready.not_embedded", {});
    return r;
  }
  auto run = runner::capture(runner::python_script(python, *script), timeout_seconds, 1u << 20);
  if (!run && run.error().code == core::ExitCode::interrupted) return core::fail(std::move(run).error());
  if (!run) {
    not_ready(r, "envprobe.eval_ready.not_started", {{"checked", python}});
    return r;
  }
  if (run->timed_out) {
    not_ready(r, "envprobe.eval_ready.timeout", {{"seconds", std::to_string(static_cast<int>(timeout_seconds))}});
    return r;
  }
  auto doc = core::parse_json(core::last_line(run->out), python + " readiness check");
  if (!doc || core::json_string(*doc, "probe").value_or("") != "quark-ptq-eval-ready") {
    std::string seen(core::last_line(run->err));
    not_ready(r, "envprobe.eval_ready.no_answer", {{"seen", seen.empty() ? "-" : seen}});
    return r;
  }
  r.ready = core::json_bool(*doc, "ready").value_or(false);
  r.transformers = core::json_string(*doc, "transformers").value_or("");
  r.quark = core::json_string(*doc, "quark").value_or("");
  if (!r.ready) {
    const std::string reason = core::json_string(*doc, "reason").value_or("");
    const std::string id = "envprobe.eval_ready." + reason;
    if (core::catalog_has(core::Lang::en, id)) {
      not_ready(r, id,
                {{"transformers", r.transformers.empty() ? "?" : r.transformers},
                 {"quark", r.quark.empty() ? "?" : r.quark},
                 {"error", core::json_string(*doc, "error").value_or("-")}});
    } else {
      not_ready(r, "envprobe.eval_ready.other", {{"error", core::json_string(*doc, "why").value_or("-")}});
    }
  }
  return r;
}

}  // namespace envprobe
