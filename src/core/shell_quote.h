// The human form of a command: every word POSIX-shell quoted so that pasting it into sh
// gives back exactly the argument vector (and environment changes) that were approved.
// Display only: the product never runs a shell; the child gets the argv array.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace core {

// One word: left bare when it holds only [A-Za-z0-9_@%+=:,./-] and is not empty, else
// single-quoted with each ' written as '\''. A word with a control character (newline, tab,
// ESC, DEL, a C1 control) or a bidirectional-text control (U+202A-U+202E, U+2066-U+2069) is
// written $'...' with those as \n, \t or \xHH escapes: the display is always one line, and
// a terminal never receives an escape sequence or a reordering mark from a command word
// (bash, zsh, ksh and POSIX.1-2024 sh read $'...').
std::string shell_quote(std::string_view word);
// The word in single quotes, each ' written as '\'': what every POSIX shell reads back as the
// word itself, whatever bytes it holds (the batch script's quoting, cluster::sh_quote).
std::string single_quote(std::string_view word);

// "NAME=value ... argv0 arg1 ..." on one line, each value and argument quoted.
std::string display_command(const std::vector<std::string>& argv, const std::vector<std::pair<std::string, std::string>>& env_changes);

}  // namespace core
