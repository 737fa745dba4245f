#include "flow/evaluate_flow.h"

#include "artifacts/quant_plan.h"
#include "core/fs.h"
#include "core/json_io.h"
#include "envprobe/python_env.h"
#include "evaluate/settings_json.h"
#include "flow/plan_input.h"
#include "plan/evaluation_settings.h"
#include "plan/rules.h"

namespace flow {

core::Result<evaluate::Request> evaluation_request(const EvaluateRequest& r) {
  QPTQ_TRY(plan::load_tables());
  artifacts::PlanEvaluation section = plan::evaluation_settings(r.eval, r.priority, r.text);
  if (!r.plan.empty()) {
    auto plan = read_plan_input(core::absolute_path(r.plan));
    if (!plan) return core::fail(core::make_error(core::ExitCode::bad_input, "evaluate.plan_unreadable").with("path", r.plan));
    if (plan->evaluation) section = *plan->evaluation;
  }
  evaluate::Settings s = evaluate::settings_of(section);
  if (r.threshold) s.max_ppl_increase_pct = *r.threshold;
  if (r.windows) s.windows = *r.windows;
  if (r.seq_len) s.seq_len = *r.seq_len;
  if (r.canary_tokens) s.canary_tokens = *r.canary_tokens;
  if (r.budget) s.budget_seconds = *r.budget;
  std::string text = !r.text.empty() ? r.text : section.text.value_or("");

  auto source = core::absolute_path(r.source);
  if (!core::is_directory(source))
    return core::fail(core::make_error(core::ExitCode::bad_input, "evaluate.source_not_local").with("path", r.source));
  auto output = core::absolute_path(r.output_dir);
  if (!core::is_directory(output))
    return core::fail(core::make_error(core::ExitCode::bad_input, "evaluate.output_missing").with("path", r.output_dir));
  if (text.empty()) return core::fail(core::make_error(core::ExitCode::usage, "evaluate.no_text"));
  auto text_path = core::absolute_path(text);
  if (!core::is_regular_file(text_path)) {
    // A FIFO, a device or a directory is there but is no text file: say what it is.
    return core::fail(
        core::make_error(core::ExitCode::bad_input, core::exists(text_path) ? "evaluate.text_not_a_file" : "evaluate.text_missing")
            .with("path", text)
            .with("fetch", core::checkout_path("scripts/fetch-heldout-text.sh")));
  }
  QPTQ_TRY_ASSIGN(auto env, envprobe::resolve_python_env(r.python));

  evaluate::Request req;
  req.python = env.python;
  req.source = source;
  req.output = output;
  req.text = text_path;
  req.settings = s;
  req.work_dir = r.workdir / "evaluation";
  req.echo_fd = r.echo_fd;
  req.echo_style = r.echo_style;
  req.lang = r.lang;
  return req;
}

evaluate::EvaluationResult run_evaluation(const evaluate::Request& request) { return evaluate::run_evaluation(request); }

core::ExitCode evaluation_exit_code(const evaluate::EvaluationResult& result) {
  return result.verdict == evaluate::Status::pass ? core::ExitCode::ok : core::ExitCode::eval_failed;
}

}  // namespace flow
