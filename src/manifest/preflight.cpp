#include "manifest/preflight.h"

#include "cluster/job_step.h"
#include "runner/capture.h"

namespace manifest {

namespace {

std::optional<std::string> variable(const envprobe::EnvReport& env, const char* name) {
  auto it = env.py.variables.find(name);
  return it != env.py.variables.end() && it->second && !it->second->empty() ? it->second : std::nullopt;
}

}  // namespace

std::function<core::Result<runner::CaptureResult>(const runner::CommandSpec&)> job_step_runner(const cluster::Directives& job,
                                                                                               std::string srun, double timeout_seconds,
                                                                                               std::shared_ptr<PreflightRun> record,
                                                                                               cluster::StepExtras extras) {
  return [job, srun = std::move(srun), timeout_seconds, record,
          extras = std::move(extras)](const runner::CommandSpec& probe) -> core::Result<runner::CaptureResult> {
    const std::string partition = job.partition.value_or("");
    const std::string shown = partition.empty() ? std::string("(the default partition)") : partition;
    QPTQ_TRY_ASSIGN(std::vector<std::string> argv, cluster::preflight_srun_argv(job, probe.argv, srun, extras.options));
    record->partition = partition;
    record->left_out = extras.left_out;
    record->srun.assign(argv.begin(), argv.end() - static_cast<std::ptrdiff_t>(probe.argv.size()));
    runner::CommandSpec spec = probe;  // its environment and cwd reach the task: srun passes them on
    spec.argv = std::move(argv);
    auto res = runner::capture(spec, timeout_seconds, 8u << 20);
    if (!res && res.error().code == core::ExitCode::interrupted) return core::fail(std::move(res).error());
    if (!res) {
      return core::make_error(core::ExitCode::env_not_ready, "prepare.preflight_not_started")
          .with("partition", shown)
          .with("words", "srun could not be started (" + srun + ")");
    }
    if (res->timed_out) {
      return core::make_error(core::ExitCode::env_not_ready, "prepare.preflight_timed_out")
          .with("partition", shown)
          .with("seconds", std::to_string(static_cast<int>(timeout_seconds)));
    }
    // Started or not: the probe's answer on stdout means it ran on the node.
    const bool answered = res->out.find("\"quark-ptq-env\"") != std::string::npos;
    if (!answered) {
      if (auto refusal = cluster::srun_refusal(res->err, res->exit_code.value_or(-1))) {
        return core::make_error(core::ExitCode::env_not_ready, "prepare.preflight_not_started")
            .with("partition", shown)
            .with("words", *refusal);
      }
    }
    return std::move(res).value();
  };
}

artifacts::Preflight job_preflight(const PreflightRun& run, const envprobe::EnvReport& env) {
  artifacts::Preflight p;
  p.where = "job";
  p.node = variable(env, "SLURMD_NODENAME");
  p.job_id = variable(env, "SLURM_JOB_ID");
  if (!run.partition.empty()) p.partition = run.partition;
  p.srun = run.srun;
  p.left_out = run.left_out;
  return p;
}

cluster::StepExtras step_extras_here(const cluster::Directives& job, const std::string& sbatch, const std::string& srun) {
  if (job.extra_lines.empty()) return {};
  auto help = [](const std::string& program) {
    runner::CommandSpec spec;
    spec.argv = {program, "--help"};
    auto res = runner::capture(spec, 30, 1u << 20);
    return res && res->exit_code == 0 ? cluster::parse_client_help(res->out) : cluster::ClientOptions{};
  };
  return cluster::step_extras(job.extra_lines, help(sbatch), help(srun));
}

artifacts::Preflight login_preflight() {
  artifacts::Preflight p;
  p.where = "login";
  return p;
}

}  // namespace manifest
