#include "cluster/sacct.h"

#include "cluster/status_line.h"
#include "core/text.h"

namespace cluster {

std::vector<std::string> sacct_argv(const std::string& job_id, SacctSource source, const std::string& sacct) {
  std::vector<std::string> argv{sacct, "--noheader", "--parsable2", "--jobs=" + job_id, "--format=JobID,State,ExitCode,Elapsed,Reason"};
  if (source == SacctSource::completion_log) argv.insert(argv.begin() + 1, "--completion");
  return argv;
}

std::optional<JobStatus> parse_sacct(std::string_view out, const std::string& job_id) {
  return read_status_line(out, job_id, ExitForm::code_signal);
}

std::vector<std::string> sacct_memory_argv(const std::string& job_id, const std::string& sacct) {
  return {sacct, "--noheader", "--parsable2", "--jobs=" + job_id, "--format=JobID,MaxRSS,MaxRSSNode"};
}

std::optional<StepMemory> parse_sacct_memory(std::string_view out, const std::string& job_id) {
  const std::string step_prefix = job_id + ".";
  std::optional<StepMemory> best;
  for (std::string_view line : core::split_lines(out)) {
    std::vector<std::string> f = core::split(line, '|');
    // The job's own line begins each of its runs (a requeued job is listed once per run).
    if (f[0] == job_id) {
      best.reset();
      continue;
    }
    if (!f[0].starts_with(step_prefix) || f.size() != 3) continue;
    auto kib = parse_size_kib(f[1]);
    if (!kib) continue;
    if (!best || *kib > *best->max_rss_kib) best = StepMemory{f[0], kib, std::nullopt, f[2], ""};
  }
  return best;
}

}  // namespace cluster
