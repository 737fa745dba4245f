// The resources a Slurm job asks for, typed, and their two written forms: sbatch options for
// its command line, and #SBATCH lines for the top of the batch script.
//
// A #SBATCH value is never seen by a shell: sbatch reads the line itself, splitting it at
// white space, honouring ' and " quotes and backslash escapes, and taking an unescaped # as
// the start of a comment (get_argument in Slurm's src/sbatch/opt.c, 22.05). So a value is
// quoted for that reader, and a value it cannot carry at all (a line break, NUL, other
// control characters) is refused as an error, never written.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace cluster {

struct Directives {
  std::optional<std::string> job_name;         // --job-name: any text without control characters
  std::optional<std::string> partition;        // --partition: one partition name
  std::optional<unsigned> gpus;                // --gpus
  std::optional<unsigned> cpus_per_task;       // --cpus-per-task
  std::optional<std::uint64_t> mem_mib;        // --mem, in MiB (Slurm's "M")
  std::optional<unsigned> time_limit_minutes;  // --time
  std::optional<std::string> account;          // --account
  std::optional<std::string> output;           // --output: absolute; stdout and stderr of the job
  std::vector<std::string> extra_lines;        // a person's own "#SBATCH ..." lines, as given
};

// The typed directives as "--name=value" options in a fixed order, values as they are (an
// argv element reaches sbatch's getopt unchanged). Fails on a value sbatch cannot take.
core::Result<std::vector<std::string>> directive_options(const Directives& d);

// The #SBATCH lines: the typed ones (values escaped for sbatch's reader) and then the extra
// lines. Fails like directive_options, and on an extra line check_extra_line refuses.
core::Result<std::vector<std::string>> directive_lines(const Directives& d);

// An extra line (1-based `line_no` for the message) must start with "#SBATCH", hold no
// control character but tab, have balanced quotes, and not set what the typed directives set
// or what would make the submission other than one job followed by quark-ptq (--array,
// --wait, --wrap, a hetjob separator...).
core::Result<void> check_extra_line(std::string_view line, std::size_t line_no, const Directives& typed);

// The lines of a person's file of extra directives: blank lines are dropped, every other line
// is checked by check_extra_line (a CRLF file is refused: sbatch refuses DOS line breaks too).
core::Result<std::vector<std::string>> read_extra_lines(std::string_view file_text, const Directives& typed);

// The words sbatch reads from the text after "#SBATCH" (white space splits, quotes group,
// backslash escapes, # ends the line), or nullopt on an unmatched quote.
std::optional<std::vector<std::string>> sbatch_words(std::string_view text);

// `value` as sbatch_words reads it back as one word: as it is when nothing in it is special
// to sbatch's reader, else in double quotes with \ and " escaped.
std::string sbatch_escape(std::string_view value);

}  // namespace cluster
