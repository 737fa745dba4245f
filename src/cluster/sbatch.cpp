#include "cluster/sbatch.h"

namespace cluster {

namespace {

bool all_digits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

}  // namespace

core::Result<std::vector<std::string>> sbatch_argv(const Directives& d, const std::string& script_path, const std::string& sbatch) {
  if (script_path.empty() || script_path.front() != '/' || script_path.find('\0') != std::string::npos) {
    return core::make_error(core::ExitCode::internal, "cluster.script_not_absolute").with("path", script_path);
  }
  QPTQ_TRY_ASSIGN(auto options, directive_options(d));
  std::vector<std::string> argv{sbatch, "--parsable"};
  argv.insert(argv.end(), options.begin(), options.end());
  argv.push_back(script_path);
  return argv;
}

core::Result<SubmittedJob> parse_sbatch_parsable(std::string_view out) {
  std::string_view line = out;
  while (!line.empty() && (line.back() == '\n' || line.back() == '\r' || line.back() == ' ')) line.remove_suffix(1);
  SubmittedJob job;
  auto semi = line.find(';');
  job.job_id = std::string(line.substr(0, semi));
  if (semi != std::string_view::npos) job.cluster = std::string(line.substr(semi + 1));
  bool one_line = line.find('\n') == std::string_view::npos;
  if (!one_line || !all_digits(job.job_id) || (semi != std::string_view::npos && job.cluster.empty())) {
    return core::make_error(core::ExitCode::run_failed, "cluster.sbatch_answer").with("text", std::string(out.substr(0, 2000)));
  }
  return job;
}

}  // namespace cluster
