#include "cluster/sacct.h"

#include "cluster/status_line.h"

namespace cluster {

std::vector<std::string> sacct_argv(const std::string& job_id, SacctSource source, const std::string& sacct) {
  std::vector<std::string> argv{sacct, "--noheader", "--parsable2", "--jobs=" + job_id, "--format=JobID,State,ExitCode,Elapsed,Reason"};
  if (source == SacctSource::completion_log) argv.insert(argv.begin() + 1, "--completion");
  return argv;
}

std::optional<JobStatus> parse_sacct(std::string_view out, const std::string& job_id) {
  return read_status_line(out, job_id, ExitForm::code_signal);
}

}  // namespace cluster
