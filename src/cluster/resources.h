// The person's words for a Slurm job's memory and time limit, read as sbatch reads them, into
// the typed directives (directives.h): --mem in MiB, --time in whole minutes.
#pragma once

#include <cstdint>
#include <string_view>

#include "core/result.h"

namespace cluster {

// "65536" (MiB, sbatch's unit when none is given), "64G", "512M", "1T", "1048576K" (rounded up
// to a MiB); the suffix in either case. Anything else, zero included: bad_input "cluster.bad_mem".
core::Result<std::uint64_t> parse_mem_mib(std::string_view text);

// "90" (minutes), "MM:SS", "HH:MM:SS", "D-HH:MM:SS" (seconds rounded up to a minute). Anything
// else, zero included: bad_input "cluster.bad_time_limit".
core::Result<unsigned> parse_time_limit_minutes(std::string_view text);

}  // namespace cluster
