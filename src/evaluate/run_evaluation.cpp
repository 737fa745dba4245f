#include "evaluate/run_evaluation.h"

#include <fmt/format.h>

#include "core/embedded.h"
#include "core/fs.h"
#include "core/json_io.h"
#include "core/text.h"
#include "runner/monitored_run.h"

namespace evaluate {

std::vector<std::string> evaluator_argv(const Request& req, std::string_view script, const std::filesystem::path& result_file) {
  const Settings& s = req.settings;
  return {req.python,
          "-c",
          std::string(script),
          "--source",
          req.source.string(),
          "--output",
          req.output.string(),
          "--text",
          req.text.string(),
          "--windows",
          std::to_string(s.windows),
          "--seq-len",
          std::to_string(s.seq_len),
          "--canary-tokens",
          std::to_string(s.canary_tokens),
          "--budget-seconds",
          fmt::format("{:.0f}", s.budget_seconds),
          "--result-file",
          result_file.string()};
}

double hard_timeout_seconds(const Settings& s) { return s.budget_seconds * 1.5 + 600; }

EvaluationResult run_evaluation(const Request& req) {
  auto script = core::embedded_file(kScriptPath);
  if (!script) return not_run(req.settings, {"evaluate.reason.script_missing", {}});
  std::error_code ec;
  std::filesystem::create_directories(req.work_dir, ec);
  const auto result_file = req.work_dir / "evaluation.json";
  std::filesystem::remove(result_file, ec);
  runner::CommandSpec spec;
  spec.argv = evaluator_argv(req, *script, result_file);
  spec.env_set = {{"HF_HUB_OFFLINE", "1"},
                  {"TRANSFORMERS_OFFLINE", "1"},
                  {"HF_DATASETS_OFFLINE", "1"},
                  {"TOKENIZERS_PARALLELISM", "false"},
                  {"PYTHONUNBUFFERED", "1"}};
  spec.cwd = "/";
  runner::MonitorOptions mo;
  mo.log_path = req.work_dir / "evaluation.log";
  mo.echo_stdout_fd = -1;
  mo.echo_stderr_fd = req.echo_fd;
  mo.sample_gpu = false;
  mo.timeout_seconds = hard_timeout_seconds(req.settings);
  mo.stop = req.stop;
  auto run = runner::run_monitored(spec, mo, nullptr);
  if (!run) {
    return not_run(req.settings,
                   {"evaluate.reason.could_not_start", {{"error", run.error().detail.empty() ? run.error().id : run.error().detail}}});
  }
  if (run->timed_out) {
    return not_run(req.settings, {"evaluate.reason.deadline", {{"seconds", fmt::format("{:.0f}", mo.timeout_seconds)}}});
  }
  if (run->interrupted) {
    EvaluationResult r = not_run(req.settings, {"evaluate.reason.interrupted", {}});
    r.interrupted = true;
    return r;
  }
  if (!run->exited_zero()) {
    std::string why(core::last_line(run->log_tail));
    if (why.empty())
      return not_run(req.settings, {"evaluate.reason.failed_no_message", {{"exit", std::to_string(run->exit_code.value_or(-1))}}});
    return not_run(req.settings, {"evaluate.reason.failed", {{"exit", std::to_string(run->exit_code.value_or(-1))}, {"message", why}}});
  }
  auto doc = core::read_json_file(result_file);
  if (!doc || !doc->is_object()) return not_run(req.settings, {"evaluate.reason.no_result", {{"path", result_file.string()}}});
  EvaluationResult r = judge(*doc, req.settings);
  r.process_seconds = run->wall_seconds;
  return r;
}

}  // namespace evaluate
