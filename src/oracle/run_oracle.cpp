#include "oracle/run_oracle.h"

#include "core/fs.h"
#include "core/embedded.h"
#include "runner/capture.h"
#include "runner/python_script.h"

namespace oracle {

std::string_view oracle_script() { return core::embedded_file(kOracleScriptPath).value_or(""); }

core::Result<OracleReport> run_oracle(const std::string& python, const std::vector<std::filesystem::path>& configs,
                                      double timeout_seconds) {
  std::string_view script = oracle_script();
  if (script.empty()) {
    return core::make_error(core::ExitCode::internal, "oracle.not_embedded").with("path", std::string(kOracleScriptPath));
  }
  std::vector<std::string> args = {"--compact"};
  for (const auto& c : configs) args.push_back(std::filesystem::absolute(c).string());
  runner::CommandSpec spec = runner::python_script(python, script, std::move(args));
  spec.env_set.insert(spec.env_set.end(), {{"HF_HUB_OFFLINE", "1"}, {"TRANSFORMERS_OFFLINE", "1"}, {"PYTHONDONTWRITEBYTECODE", "1"}});
  auto res = runner::capture(spec, timeout_seconds, 512u << 20);
  // Ctrl-C / SIGTERM while the oracle ran: a stop (exit 130), not an unusable environment.
  if (!res && res.error().code == core::ExitCode::interrupted) return core::fail(std::move(res).error());
  if (!res) {
    return core::make_error(core::ExitCode::env_not_ready, "oracle.not_started")
        .with("python", python)
        .with("setup", core::checkout_path("scripts/setup-quark-env.sh"))
        .with_detail(res.error().detail);
  }
  if (res->timed_out) {
    return core::make_error(core::ExitCode::env_not_ready, "oracle.timed_out")
        .with("python", python)
        .with("seconds", std::to_string(static_cast<int>(timeout_seconds)));
  }
  if (!res->ok()) {
    std::string err = res->err;
    while (!err.empty() && (err.back() == '\n' || err.back() == '\r')) err.pop_back();
    auto nl = err.rfind('\n');
    return core::make_error(core::ExitCode::env_not_ready, "oracle.failed")
        .with("python", python)
        .with("status", res->exit_code ? "exit " + std::to_string(*res->exit_code) : std::string("a signal"))
        .with_detail(nl == std::string::npos ? err : err.substr(nl + 1));
  }
  QPTQ_TRY_ASSIGN(OracleReport report, parse_oracle_output(res->out, python + " oracle output"));
  if (report.answers.size() != configs.size()) {
    return core::make_error(core::ExitCode::internal, "oracle.output_invalid")
        .with("source", python + " oracle output")
        .with_detail("answers for " + std::to_string(report.answers.size()) + " of " + std::to_string(configs.size()) + " configs");
  }
  return report;
}

}  // namespace oracle
