// The one place children are started: posix_spawn of an argument vector (never a shell),
// stdin from /dev/null (or the read end of a pipe only quark-ptq writes: a waiting child),
// stdout and stderr onto the given descriptors, its own process group (so Ctrl-C reaches it
// only through us), nothing blocked and the stop signals at their defaults. Used by the short
// captures, the monitored PTQ run and the waiting child.
#pragma once

#include <sys/types.h>

#include <string>

#include "runner/command.h"

namespace runner {

// 0 and *pid set on success, else the errno posix_spawn reported.
// `in_fd` < 0: stdin is /dev/null.
int spawn_in_own_group(const std::string& program, const CommandSpec& spec, int out_fd, int err_fd, pid_t* pid, int in_fd = -1);

}  // namespace runner
