// Asking slurmd, through sstat, how much memory a running job's batch step holds. sstat talks
// to the node's slurmd (jobacct_gather samples the step's processes every
// JobAcctGatherFrequency), so it answers without slurmdbd; once the step has ended it prints
// nothing on stdout ("not found running" on stderr).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cluster/step_memory.h"

namespace cluster {

// sstat with no header, '|'-separated, the batch step of the job (quark-cli is exec'd by the
// batch script, so it is that step), and the fields JobID,MaxRSS,AveRSS,NTasks,MaxRSSNode.
std::vector<std::string> sstat_argv(const std::string& job_id, const std::string& sstat = "sstat");

// The line of `job_id`'s batch step. nullopt when no line is that step's. A line with fewer
// fields, or whose sizes do not read, is kept with `unread` set and the sizes that did read.
std::optional<StepMemory> parse_sstat(std::string_view out, const std::string& job_id);

}  // namespace cluster
