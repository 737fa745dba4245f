#include "flow/analyze_flow.h"

#include "flow/analysed_config.h"
#include "core/fs.h"
#include "plan/probe.h"
#include "workflow/artifact_files.h"

namespace flow {

namespace {

intake::OracleLinears unavailable(std::string why) {
  intake::OracleLinears o;
  o.unavailable = std::move(why);
  return o;
}

// The oracle's answer as intake takes it. Only a stop is an error.
core::Result<intake::OracleLinears> ask_oracle(const core::Json& first, const envprobe::PythonEnv* python, const AnalyzeOracle& how) {
  QPTQ_TRY_ASSIGN(const intake::AnalysisFile analysis, intake::read_analysis_file(first));
  auto config = analysed_config_on_disk(analysis);
  if (!config) return unavailable("no config.json on this machine (the model was read over HTTP)");
  oracle::OracleRequest req;
  req.python = python->python;
  req.config = *config;
  req.timeout_seconds = how.timeout_seconds;
  std::string cache = plan::default_cache_dir(how.getenv);
  if (!cache.empty()) {
    req.cache_dir = std::filesystem::path(cache) / "oracle";
    req.cache_secret = plan::cache_secret(how.getenv);
  }
  auto answer = how.run ? how.run(req) : oracle::model_oracle(req);
  if (!answer) {
    if (answer.error().code == core::ExitCode::interrupted) return core::fail(std::move(answer).error());
    std::string detail = answer.error().detail.substr(0, answer.error().detail.find('\n'));
    return unavailable(answer.error().id + " (" + python->python + ")" + (detail.empty() ? "" : ": " + detail.substr(0, 200)));
  }
  if (const auto* refusal = std::get_if<oracle::OracleRefusal>(&answer->answer)) {
    return unavailable("refused: " + refusal->code + ": " + refusal->detail.substr(0, 200));
  }
  const auto& o = std::get<oracle::ModelOracle>(answer->answer);
  if (!analysis.model_type.empty() && analysis.model_type != o.model_type) {
    return unavailable("the oracle read model_type " + o.model_type + " from " + config->string());
  }
  intake::OracleLinears out;
  out.versions = answer->versions.key();
  for (const auto& l : o.linear_modules) out.linears.push_back({l.name, l.in_features, l.out_features});
  if (o.forward) {
    using S = oracle::ForwardCheck::Status;
    out.forward = intake::OracleForward{o.forward->status == S::ok       ? "ok"
                                        : o.forward->status == S::failed ? "failed"
                                                                         : "inconclusive",
                                        o.forward->error, o.forward->function, o.forward->where};
  }
  return out;
}

}  // namespace

core::Result<Analyzed> analyze(const std::filesystem::path& workdir, const intake::AnalyzeRequest& request, const AnalyzeOracle& how) {
  core::Json analysis;
  auto python = how.ask && !request.oracle ? envprobe::resolve_python_env(how.python, how.getenv)
                                           : core::Result<envprobe::PythonEnv>(core::make_error(core::ExitCode::usage, "flow.not_asked"));
  // As plan: "none found" is recorded and analyze goes on; a bad --python is the user's to fix.
  if (how.ask && !request.oracle && !python && !how.python.empty()) return core::fail(std::move(python).error());
  if (how.ask && !request.oracle && !python) {
    // No environment: one reading, with the reason recorded (analyze stays fast).
    intake::AnalyzeRequest once = request;
    once.oracle = unavailable("no Python environment with transformers and Quark (" + python.error().id + ")");
    QPTQ_TRY_ASSIGN(analysis, intake::analyze(once));
  } else if (how.ask && !request.oracle) {
    // The first reading says where config.json is; the second (headers only, no weights) adds
    // the oracle's answer, so the two readings cost little next to the oracle itself.
    QPTQ_TRY_ASSIGN(core::Json first, intake::analyze(request));
    QPTQ_TRY_ASSIGN(intake::OracleLinears answer, ask_oracle(first, &*python, how));
    intake::AnalyzeRequest again = request;
    again.oracle = std::move(answer);
    QPTQ_TRY_ASSIGN(analysis, intake::analyze(again));
  } else {
    QPTQ_TRY_ASSIGN(analysis, intake::analyze(request));
  }
  // The artifact's one writer checks it against its schema before it replaces the file.
  QPTQ_TRY_ASSIGN(std::filesystem::path path, workflow::write_artifact(workflow::Workdir{workdir}, workflow::Artifact::analysis, analysis));
  return Analyzed{std::move(analysis), std::move(path)};
}

}  // namespace flow
