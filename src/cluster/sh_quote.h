// The one quoting of a word for the batch script a Slurm job runs. The script is executed by
// a real shell on the compute node, so every argv element and environment value that goes
// into it must come back out of the shell byte for byte: POSIX single quotes do that for
// every byte except NUL (which no argv element can hold), in bash and in dash alike.
//
// Not core::shell_quote: that is the display form for people (one line, $'...' escapes for
// control characters so that a terminal never receives them), and dash does not read $'...'.
// Both share core::single_quote, the form shell_quote falls back to for ordinary words.
#pragma once

#include <string>
#include <string_view>

namespace cluster {

// 'word' with each ' written as '\'' (close the quotes, an escaped quote, reopen them). Always
// quoted, even when nothing needs it: one rule is easier to trust than a rule with exceptions.
// The caller refuses NUL (batch_script does): it cannot be passed to a program at all.
std::string sh_quote(std::string_view word);

}  // namespace cluster
