#include "envprobe/corpus_stage.h"

#include "core/embedded.h"
#include "core/text.h"
#include "envprobe/data_readiness.h"
#include "runner/capture.h"
#include "runner/python_script.h"

namespace envprobe {

namespace {

constexpr double kStageTimeoutSeconds = 900;

core::Error stage_error(const std::string& corpus, const std::string& detail) {
  return core::make_error(core::ExitCode::env_not_ready, "envprobe.stage_failed").with("corpus", corpus).with_detail(detail);
}

}  // namespace

const std::vector<std::string>& stage_targets() {
  static const std::vector<std::string> targets = {"pileval", "wikitext"};
  return targets;
}

core::Json StageResult::to_json() const {
  core::Json j = {
      {"records", records}, {"corpus_sha256", corpus_sha256}, {"datasets_version", datasets_version}, {"splits", core::Json::array()}};
  for (const auto& s : splits) {
    j["splits"].push_back({{"target", s.target},
                           {"repo_id", s.repo_id},
                           {"config", s.config},
                           {"split", s.split},
                           {"rows", s.rows},
                           {"path", s.path.string()}});
  }
  return j;
}

core::Result<StageResult> stage_corpus(const StageRequest& req) {
  const std::string corpus = req.corpus.string();
  std::string ext = req.corpus.extension().string();
  if (ext != ".txt" && ext != ".jsonl" && ext != ".parquet") {
    return core::make_error(core::ExitCode::bad_input, "envprobe.stage_bad_format").with("corpus", corpus);
  }
  if (!core::is_regular_file(req.corpus)) {
    return core::make_error(core::ExitCode::bad_input, "envprobe.stage_no_corpus").with("corpus", corpus);
  }
  auto script = core::embedded_file("knowledge/probes/stage_hf_dataset.py");
  if (!script) return stage_error(corpus, "the staging script is not embedded in this build");
  std::string which;
  for (const auto& t : req.targets) which += (which.empty() ? "" : ",") + t;

  runner::CommandSpec spec = runner::python_script(req.python, *script,
                                                   {std::filesystem::absolute(req.corpus).string(), "--cache-dir",
                                                    std::filesystem::absolute(req.datasets_cache).string(), "--which", which, "--check"});
  auto run = runner::capture(spec, kStageTimeoutSeconds);
  if (!run) return run.error();
  if (!run->ok()) {
    // The last non-empty line of a child's stderr: where Python puts the exception.
    std::string why(core::last_line(run->err));
    if (run->timed_out) why = "timed out";
    return stage_error(corpus, why.empty() ? "exit status " + std::to_string(run->exit_code.value_or(-1)) : why);
  }
  auto doc = core::parse_json(run->out, "the staging script's output");
  if (!doc) return stage_error(corpus, "unreadable output: " + std::string(core::last_line(run->out)));

  StageResult result;
  result.records = core::json_int(*doc, "records").value_or(0);
  result.corpus_sha256 = core::json_string(*doc, "sha256").value_or("");
  result.datasets_version = core::json_string(*doc, "datasets_version").value_or("");
  const core::Json* staged = core::json_object(*doc, "staged");
  if (staged == nullptr) return stage_error(corpus, "the staging script reported nothing staged");
  for (auto it = staged->begin(); it != staged->end(); ++it) {
    const core::Json& st = it.value();
    std::string repo = core::json_string(st, "repo_id").value_or("");
    std::string config = core::json_string(st, "config_name").value_or("");
    const core::Json* rows = core::json_object(st, "rows");
    for (const auto& split : core::json_string_list(st, "splits")) {
      // Prove that prepare's offline-readiness lookup sees exactly what `datasets` wrote.
      auto found = find_cached_dataset(req.datasets_cache, repo, config, split);
      if (!found) return stage_error(corpus, "staged " + repo + " " + split + " is not where the offline lookup expects it");
      StagedSplit s{it.key(), repo, config, split, *found, 0};
      if (rows != nullptr) s.rows = core::json_int(*rows, split).value_or(0);
      result.splits.push_back(std::move(s));
    }
  }
  return result;
}

}  // namespace envprobe
