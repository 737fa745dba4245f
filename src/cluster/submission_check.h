// Before checkpoint 3, what slurmctld itself says of the exact submission, so that a job that
// could never start is refused while the fix is a new prepare, not found out in the queue:
// `sbatch --test-only` with the recorded options and the generated script (the extra #SBATCH
// lines, the account, the features, the memory a node has - slurmctld's own checks, no job is
// made), and the job's time limit against the partition's (sinfo): where a site does not
// enforce partition limits at submission, a job over the limit is accepted and then waits
// forever with the reason PartitionTimeLimit.
#pragma once

#include <optional>
#include <utility>
#include <string>
#include <string_view>
#include <vector>

#include "cluster/directives.h"
#include "core/result.h"

namespace cluster {

struct SubmissionCheck {
  std::string answer;                       // sbatch's "Job N to start at ... in partition P" line
  std::string partition;                    // as sinfo names it (the default one when none was asked)
  std::optional<unsigned> partition_limit;  // its MaxTime in minutes; unset: none
};

// The recorded sbatch argv with --test-only after the program and the script at
// `script_path` instead of the recorded one (the script is written when the job is submitted).
std::vector<std::string> test_only_argv(const std::vector<std::string>& sbatch_argv, const std::string& script_path);

// sinfo's time limit (%l): "infinite" / "UNLIMITED" -> unset; "MM:SS", "HH:MM:SS" or "D-HH:MM:SS" ->
// whole minutes, rounded down (a job may not exceed it). Other text: bad_input
// "cluster.bad_time_limit".
core::Result<std::optional<unsigned>> parse_partition_limit(std::string_view text);

// The %l field of `partition` (or of the default one, marked '*', when `partition` is empty)
// in `sinfo --noheader --format=%P %l` output; nullopt when sinfo does not list it.
std::optional<std::pair<std::string, std::string>> partition_limit_field(std::string_view sinfo_out, std::string_view partition);

// Runs both checks with `sbatch` and `sinfo` (paths here). Errors, all ExitCode::env_not_ready
// and nothing submitted: "cluster.test_only_refused" (sbatch's words), "cluster.test_only_failed"
// (it could not run), "cluster.time_limit_over_partition" (the job's minutes, the partition
// and its limit).
core::Result<SubmissionCheck> check_submission(const Directives& job, const std::vector<std::string>& sbatch_argv,
                                               const std::string& script, const std::string& sinfo);

}  // namespace cluster
