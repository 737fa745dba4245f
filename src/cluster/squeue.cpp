#include "cluster/squeue.h"

#include "cluster/status_line.h"

namespace cluster {

std::vector<std::string> squeue_argv(const std::string& job_id, const std::string& squeue) {
  return {squeue, "--noheader", "--states=all", "--jobs=" + job_id, "--Format=JobID:0|,State:0|,exit_code:0|,TimeUsed:0|,Reason:0"};
}

std::optional<JobStatus> parse_squeue(std::string_view out, const std::string& job_id) {
  return read_status_line(out, job_id, ExitForm::wait_status);
}

}  // namespace cluster
