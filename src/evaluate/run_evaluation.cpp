#include "evaluate/run_evaluation.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <optional>

#include "core/embedded.h"
#include "core/errno_text.h"
#include "core/fs.h"
#include "core/json_io.h"
#include "core/text.h"
#include "evaluate/waiting_evaluator.h"
#include "runner/monitored_run.h"
#include "runner/python_script.h"
#include "runner/run_log.h"

namespace evaluate {

namespace {

// The progress lines' texts the script prints, from the catalog in the request's language.
std::string progress_messages(core::Lang lang) {
  constexpr std::string_view prefix = "evaluate.progress.";
  core::Json texts = core::Json::object();
  for (const auto& id : core::catalog_ids(lang)) {
    if (id.rfind(prefix, 0) == 0) texts[id.substr(prefix.size())] = core::msg(lang, id);
  }
  return core::dump_compact(texts);
}

}  // namespace

std::vector<std::string> evaluator_arguments(const Request& req, const std::filesystem::path& result_file,
                                             const std::filesystem::path& baseline_in, const std::filesystem::path& baseline_out) {
  const Settings& s = req.settings;
  std::vector<std::string> args = {"--source",         req.source.string(),
                                   "--output",         req.output.string(),
                                   "--text",           req.text.string(),
                                   "--windows",        std::to_string(s.windows),
                                   "--seq-len",        std::to_string(s.seq_len),
                                   "--canary-tokens",  std::to_string(s.canary_tokens),
                                   "--budget-seconds", fmt::format("{:.0f}", s.budget_seconds),
                                   "--result-file",    result_file.string(),
                                   "--messages",       progress_messages(req.lang)};
  if (!baseline_in.empty()) args.insert(args.end(), {"--baseline", baseline_in.string()});
  if (!baseline_out.empty()) args.insert(args.end(), {"--baseline-out", baseline_out.string()});
  return args;
}

runner::CommandSpec evaluator_command(const std::string& python, std::string_view script, std::vector<std::string> args) {
  runner::CommandSpec spec = runner::python_script(python, script, std::move(args));
  spec.env_set.insert(spec.env_set.end(), {{"HF_HUB_OFFLINE", "1"},
                                           {"TRANSFORMERS_OFFLINE", "1"},
                                           {"HF_DATASETS_OFFLINE", "1"},
                                           {"TOKENIZERS_PARALLELISM", "false"},
                                           {"PYTHONUNBUFFERED", "1"}});
  return spec;
}

double hard_timeout_seconds(const Settings& s) { return s.budget_seconds * 1.5 + 600; }

namespace {

// The evaluation directory as quark-ptq made it: created when missing, else a real directory;
// a link or anything else there is the person's to remove, and nothing is written through it.
std::optional<Reason> own_directory(const std::filesystem::path& dir) {
  std::error_code ec;
  auto st = std::filesystem::symlink_status(dir, ec);
  if (!ec && std::filesystem::exists(st) && !std::filesystem::is_directory(st)) {
    return Reason{"evaluate.reason.dir_not_ours", {{"path", dir.string()}}};
  }
  if (!std::filesystem::exists(st) && dir.has_parent_path()) std::filesystem::create_directories(dir.parent_path(), ec);
  if (!std::filesystem::exists(st) && !std::filesystem::create_directory(dir, ec) && ec) {
    return Reason{"evaluate.reason.dir_failed", {{"path", dir.string()}, {"error", core::errno_text(ec.value())}}};
  }
  return std::nullopt;
}

// The Quark release that wrote the export, as its config.json records it ("" when it does not).
std::string export_release(const std::filesystem::path& output) {
  auto config = core::read_json_file(output / "config.json");
  if (!config) return "";
  const core::Json* q = core::json_object(*config, "quantization_config");
  if (q == nullptr) return "";
  std::string v = core::json_string(*q, "version").value_or("");
  // A version, not text: the output directory is written by whoever can write it.
  bool plain = v.size() <= 32 && std::all_of(v.begin(), v.end(), [](char ch) {
                 return std::isalnum(static_cast<unsigned char>(ch)) || ch == '.' || ch == '+' || ch == '-' || ch == '_';
               });
  return plain ? v : "";
}

// Passes the evaluator's pid on as soon as it exists.
class StartedObserver final : public runner::MonitorObserver {
 public:
  explicit StartedObserver(const std::function<void(int)>& started) : m_started(started) {}
  void on_started(int pid) override {
    if (m_started) m_started(pid);
  }

 private:
  const std::function<void(int)>& m_started;
};

}  // namespace

EvaluationResult run_evaluation(const Request& req, runner::WaitingChild waiting) {
  auto script = core::embedded_file(kScriptPath);
  if (!script) return not_run(req.settings, {"evaluate.reason.script_missing", {}});
  // Each evaluation writes files of its own, never replacing or removing an earlier one's,
  // in a directory that is not a link (the workdir is writable by others).
  if (auto bad = own_directory(req.work_dir)) return not_run(req.settings, std::move(*bad));
  const std::string stem = runner::unique_log_name("evaluation");
  const auto log_file = req.work_dir / stem;
  const auto result_file = std::filesystem::path(log_file).replace_extension(".json");
  // The source's figures from an earlier evaluation of the same source, text and settings.
  const std::string key = req.baseline.secret.empty() ? "" : BaselineCache::key_of(req);
  const auto baseline_in = req.work_dir / (stem + ".baseline.json");
  const auto baseline_out = req.work_dir / (stem + ".source.json");
  const bool cached = req.baseline.fetch(key, baseline_in);
  std::vector<std::string> args = evaluator_arguments(req, result_file, cached ? baseline_in : std::filesystem::path(),
                                                      key.empty() ? std::filesystem::path() : baseline_out);
  runner::MonitorOptions mo;
  mo.log_path = log_file;
  mo.echo_stdout_fd = -1;
  mo.echo_stderr_fd = req.echo_fd;
  mo.echo_stderr_style = req.echo_style;
  mo.sample_gpu = false;
  mo.timeout_seconds = hard_timeout_seconds(req.settings) + req.start_wait_seconds;
  mo.stop = req.stop;
  mo.stop_grace_seconds = req.stop_grace_seconds;
  StartedObserver started(req.on_started);
  // A waiting evaluator is told to go with exactly the arguments a direct start would get; a
  // path that is not UTF-8 cannot travel in the go line's JSON unchanged, so that evaluator goes
  // and a new one gets the bytes in its argv.
  if (!std::all_of(args.begin(), args.end(), [](const std::string& a) { return core::is_utf8(a); })) waiting.release();
  // An evaluator that waits here cannot run behind a prefix that starts it elsewhere.
  if (!req.launch_prefix.empty()) waiting.release();
  auto direct = [&] {
    runner::CommandSpec spec = evaluator_command(req.python, *script, std::move(args));
    for (const auto& [name, value] : req.env) spec.env_set.push_back({name, value});
    spec.argv.insert(spec.argv.begin(), req.launch_prefix.begin(), req.launch_prefix.end());
    return spec;
  };
  auto run = waiting.holds() ? runner::run_monitored(std::move(waiting), go_line(args), mo, &started)
                             : runner::run_monitored(direct(), mo, &started);
  auto with_log = [&](EvaluationResult r) {
    r.log = log_file;
    return r;
  };
  if (!run) {
    return with_log(not_run(
        req.settings, {"evaluate.reason.could_not_start", {{"error", run.error().detail.empty() ? run.error().id : run.error().detail}}}));
  }
  if (run->timed_out) {
    return with_log(not_run(req.settings, {"evaluate.reason.deadline", {{"seconds", fmt::format("{:.0f}", mo.timeout_seconds)}}}));
  }
  if (run->interrupted) {
    EvaluationResult r = not_run(req.settings, {"evaluate.reason.interrupted", {}});
    r.interrupted = true;
    return with_log(std::move(r));
  }
  if (!run->exited_zero()) {
    std::string why(core::last_line(run->log_tail));
    if (why.empty())
      return with_log(
          not_run(req.settings, {"evaluate.reason.failed_no_message", {{"exit", std::to_string(run->exit_code.value_or(-1))}}}));
    return with_log(
        not_run(req.settings, {"evaluate.reason.failed", {{"exit", std::to_string(run->exit_code.value_or(-1))}, {"message", why}}}));
  }
  auto doc = core::read_json_file(result_file);
  if (!doc || !doc->is_object()) return with_log(not_run(req.settings, {"evaluate.reason.no_result", {{"path", result_file.string()}}}));
  if (core::exists(baseline_out)) req.baseline.keep(key, baseline_out);
  EvaluationResult r = judge(*doc, req.settings);
  r.process_seconds = run->wall_seconds;
  r.export_quark = export_release(req.output);
  return with_log(std::move(r));
}

}  // namespace evaluate
