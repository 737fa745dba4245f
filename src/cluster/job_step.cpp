#include "cluster/job_step.h"

#include "core/text.h"

namespace cluster {

core::Result<std::vector<std::string>> step_srun_argv(const Directives& job, const Step& step, const std::vector<std::string>& argv,
                                                      const std::string& srun) {
  Directives d;
  d.job_name = std::string(step.name);
  d.partition = job.partition;
  d.gpus = step.gpus;
  d.cpus_per_task = job.cpus_per_task;
  d.mem_mib = job.mem_mib;
  d.account = job.account;
  d.time_limit_minutes = step.minutes;
  QPTQ_TRY_ASSIGN(std::vector<std::string> options, directive_options(d));
  std::vector<std::string> out{srun};
  out.insert(out.end(), options.begin(), options.end());
  out.insert(out.end(), step.placement.begin(), step.placement.end());
  // One task on one node, and no "job queued" chatter on stderr.
  out.insert(out.end(), {"--nodes=1", "--ntasks=1", "--quiet"});
  if (step.quit_on_interrupt) out.emplace_back("--quit-on-interrupt");
  out.insert(out.end(), argv.begin(), argv.end());
  return out;
}

core::Result<std::vector<std::string>> preflight_srun_argv(const Directives& job, const std::vector<std::string>& argv,
                                                           const std::string& srun, const std::vector<std::string>& placement) {
  return step_srun_argv(job, Step{kPreflightJobName, kPreflightMinutes, job.gpus, false, placement}, argv, srun);
}

core::Result<std::vector<std::string>> evaluation_srun_prefix(const Directives& job, unsigned minutes, const std::string& srun,
                                                              const std::vector<std::string>& placement) {
  std::optional<unsigned> gpus;
  if (job.gpus && *job.gpus > 0) gpus = 1u;
  return step_srun_argv(job, Step{kEvaluationJobName, minutes, gpus, true, placement}, {}, srun);
}

std::optional<std::string> srun_refusal(std::string_view err, int exit_code) {
  if (exit_code == 0) return std::nullopt;
  std::string_view last;
  std::string_view last_error;
  for (std::string_view line : core::split_lines(err)) {
    line = core::trim(line);
    if (line.empty()) continue;
    // "srun: error: node1: task 0: Exited with exit code 2": the step ran; its task failed.
    if (line.find(": task ") != std::string_view::npos) return std::nullopt;
    last = line;
    if (line.starts_with("srun: error: ")) last_error = line;
  }
  std::string_view words = !last_error.empty() ? last_error : last;
  if (words.empty()) return std::string("srun exited " + std::to_string(exit_code) + " and said nothing");
  return std::string(words.substr(0, 400));
}

}  // namespace cluster
