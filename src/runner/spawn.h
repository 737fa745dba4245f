// The one place children are started: posix_spawn of an argument vector (never a shell),
// stdin from /dev/null, stdout and stderr onto the given descriptors, its own process group
// (so Ctrl-C reaches it only through us), nothing blocked and the stop signals at their
// defaults. Used by the short captures and by the monitored PTQ run.
#pragma once

#include <sys/types.h>

#include <string>

#include "runner/command.h"

namespace runner {

// 0 and *pid set on success, else the errno posix_spawn reported.
int spawn_in_own_group(const std::string& program, const CommandSpec& spec, int out_fd, int err_fd, pid_t* pid);

}  // namespace runner
