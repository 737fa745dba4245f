#include "cluster/directives.h"

#include <array>
#include <cctype>

namespace cluster {

namespace {

// An sbatch option by its long name and its one-letter form (0: none).
struct Option {
  std::string_view long_name;
  char short_name;
};

// What each typed directive sets, with the options that would set the same resource another
// way: an extra line with any of them would fight the typed value (the command line wins over
// #SBATCH lines, so the script alone would ask for something else than the submission).
constexpr std::array<Option, 1> k_job_name{{{"job-name", 'J'}}};
constexpr std::array<Option, 1> k_partition{{{"partition", 'p'}}};
constexpr std::array<Option, 4> k_gpus{{{"gpus", 'G'}, {"gpus-per-node", 0}, {"gpus-per-task", 0}, {"gpus-per-socket", 0}}};
constexpr std::array<Option, 1> k_cpus{{{"cpus-per-task", 'c'}}};
constexpr std::array<Option, 3> k_mem{{{"mem", 0}, {"mem-per-cpu", 0}, {"mem-per-gpu", 0}}};
constexpr std::array<Option, 1> k_time{{{"time", 't'}}};
constexpr std::array<Option, 1> k_account{{{"account", 'A'}}};
// --error would take stderr away from the output file that quark-ptq follows.
constexpr std::array<Option, 2> k_output{{{"output", 'o'}, {"error", 'e'}}};

// Options that would make the submission something other than one job whose id sbatch
// prints and returns at once: an array, a job of several components, a blocking sbatch, a
// command line instead of our script, or an sbatch that prints help and submits nothing.
constexpr std::array<Option, 8> k_never{
    {{"array", 'a'}, {"wait", 'W'}, {"wrap", 0}, {"parsable", 0}, {"test-only", 0}, {"help", 'h'}, {"usage", 0}, {"version", 'V'}}};

// sbatch's one-letter options that take no argument: in "-Hp gpu" the H is a flag and p
// follows; after any other letter the rest of the word is that option's argument.
constexpr std::string_view k_short_flags = "XhHlZOsEQuvVW";

bool is_control(char c) {
  auto b = static_cast<unsigned char>(c);
  return b < 0x20 || b == 0x7f;
}

bool is_c_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'; }

core::Error value_error(std::string id, std::string_view option, std::string_view value) {
  return core::make_error(core::ExitCode::usage, std::move(id))
      .with("option", "--" + std::string(option))
      .with("value", std::string(value));
}

core::Result<void> check_text(std::string_view option, std::string_view value) {
  if (value.empty()) return value_error("cluster.value_empty", option, value);
  for (char c : value) {
    if (is_control(c)) return value_error("cluster.value_control_char", option, value);
  }
  return core::ok();
}

// A partition or account: one name, so no list separator, no white space, nothing quoted.
core::Result<void> check_name(std::string_view option, std::string_view value) {
  QPTQ_TRY(check_text(option, value));
  for (char c : value) {
    auto b = static_cast<unsigned char>(c);
    if (b <= 0x20 || b >= 0x7f || c == ',' || c == '\'' || c == '"' || c == '\\' || c == '#') {
      return value_error("cluster.value_name_char", option, value).with("char", std::string(1, c));
    }
  }
  return core::ok();
}

// The job's output file: quark-ptq follows it at exactly this path, so it must not be a
// pattern. slurmstepd expands %j, %x... unless the name holds a backslash, and then removes
// the backslashes instead (fname_create in Slurm's src/slurmd/common/fname.c): both refused.
core::Result<void> check_output(std::string_view value) {
  QPTQ_TRY(check_text("output", value));
  if (value.front() != '/') return value_error("cluster.output_not_absolute", "output", value);
  if (value.find_first_of("%\\") != std::string_view::npos) return value_error("cluster.output_pattern_char", "output", value);
  return core::ok();
}

core::Result<void> check_count(std::string_view option, std::uint64_t n) {
  if (n == 0) return value_error("cluster.value_zero", option, "0");
  return core::ok();
}

std::string two_digits(unsigned n) { return (n < 10 ? "0" : "") + std::to_string(n); }

// D-HH:MM:SS, one of the forms --time takes, and the one squeue shows limits in.
std::string time_text(unsigned minutes) {
  return std::to_string(minutes / (24 * 60)) + "-" + two_digits((minutes / 60) % 24) + ":" + two_digits(minutes % 60) + ":00";
}

// name=value pairs in the order of Directives, each value checked; `raw` false escapes the
// value for sbatch's reader of #SBATCH lines.
core::Result<std::vector<std::string>> typed_options(const Directives& d, bool raw) {
  std::vector<std::string> out;
  auto add = [&](std::string_view name, std::string_view value) {
    out.push_back("--" + std::string(name) + "=" + (raw ? std::string(value) : sbatch_escape(value)));
  };
  if (d.job_name) {
    QPTQ_TRY(check_text("job-name", *d.job_name));
    add("job-name", *d.job_name);
  }
  if (d.partition) {
    QPTQ_TRY(check_name("partition", *d.partition));
    add("partition", *d.partition);
  }
  if (d.gpus) {
    QPTQ_TRY(check_count("gpus", *d.gpus));
    add("gpus", std::to_string(*d.gpus));
  }
  if (d.cpus_per_task) {
    QPTQ_TRY(check_count("cpus-per-task", *d.cpus_per_task));
    add("cpus-per-task", std::to_string(*d.cpus_per_task));
  }
  if (d.mem_mib) {
    QPTQ_TRY(check_count("mem", *d.mem_mib));
    add("mem", std::to_string(*d.mem_mib) + "M");
  }
  if (d.time_limit_minutes) {
    QPTQ_TRY(check_count("time", *d.time_limit_minutes));
    add("time", time_text(*d.time_limit_minutes));
  }
  if (d.account) {
    QPTQ_TRY(check_name("account", *d.account));
    add("account", *d.account);
  }
  if (d.output) {
    QPTQ_TRY(check_output(*d.output));
    add("output", *d.output);
  }
  return out;
}

core::Error extra_error(std::string id, std::size_t line_no, std::string_view line) {
  return core::make_error(core::ExitCode::bad_input, std::move(id)).with("line", std::to_string(line_no)).with("text", std::string(line));
}

// Whether `word` sets option `o`: "--name[=value]" where name is o's long name or a prefix
// of it (getopt_long takes a unique prefix for the option; an ambiguous one sbatch refuses
// anyway), or "-xyz" where o's letter comes among the leading flags or right after them (in
// "-Hp gpu" H is a flag and p the partition; in "-pt" t is p's argument, not --time).
bool word_sets(std::string_view word, const Option& o) {
  if (word.size() > 2 && word.substr(0, 2) == "--") {
    auto name = word.substr(2, word.find('=') == std::string_view::npos ? std::string_view::npos : word.find('=') - 2);
    return !name.empty() && o.long_name.substr(0, name.size()) == name;
  }
  if (word.size() >= 2 && word[0] == '-' && word[1] != '-' && o.short_name != 0) {
    for (std::size_t i = 1; i < word.size(); ++i) {
      if (word[i] == o.short_name) return true;
      if (k_short_flags.find(word[i]) == std::string_view::npos) break;
    }
  }
  return false;
}

template <std::size_t N>
const Option* first_set(const std::vector<std::string>& words, const std::array<Option, N>& options) {
  for (const auto& w : words) {
    for (const auto& o : options) {
      if (word_sets(w, o)) return &o;
    }
  }
  return nullptr;
}

}  // namespace

std::optional<std::vector<std::string>> sbatch_words(std::string_view text) {
  std::vector<std::string> words;
  std::size_t i = 0;
  while (true) {
    while (i < text.size() && is_c_space(text[i])) ++i;
    if (i >= text.size()) break;
    if (text[i] == ':') return std::nullopt;  // sbatch stops with "Unexpected `:`"
    std::string word;
    bool escaped = false;
    char quote = 0;
    while (i < text.size() && (quote != 0 || !is_c_space(text[i]))) {
      char c = text[i];
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
        ++i;
        continue;
      } else if (quote != 0) {
        if (c == quote) {
          quote = 0;
          ++i;
          continue;
        }
      } else if (c == '"' || c == '\'') {
        quote = c;
        ++i;
        continue;
      } else if (c == '#') {
        break;
      }
      word += c;
      ++i;
    }
    if (quote != 0) return std::nullopt;  // sbatch stops with "Unmatched quote"
    // sbatch takes a word that yields no character as the end of the line's options.
    if (word.empty()) break;
    words.push_back(std::move(word));
  }
  return words;
}

// Double quotes, because sbatch's reader ends a word at white space even after a backslash
// (the loop tests for space before it looks at the escape); inside them only \ and " are
// special, and a backslash makes the next character literal.
std::string sbatch_escape(std::string_view value) {
  bool plain = !value.empty();
  for (char c : value) {
    if (is_c_space(c) || c == '\'' || c == '"' || c == '\\' || c == '#') plain = false;
  }
  if (plain) return std::string(value);
  std::string out = "\"";
  for (char c : value) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  out += '"';
  return out;
}

core::Result<std::vector<std::string>> directive_options(const Directives& d) { return typed_options(d, true); }

core::Result<std::vector<std::string>> directive_lines(const Directives& d) {
  QPTQ_TRY_ASSIGN(auto options, typed_options(d, false));
  std::vector<std::string> lines;
  lines.reserve(options.size() + d.extra_lines.size());
  for (const auto& o : options) lines.push_back("#SBATCH " + o);
  for (std::size_t i = 0; i < d.extra_lines.size(); ++i) {
    QPTQ_TRY(check_extra_line(d.extra_lines[i], i + 1, d));
    lines.push_back(d.extra_lines[i]);
  }
  return lines;
}

core::Result<void> check_extra_line(std::string_view line, std::size_t line_no, const Directives& typed) {
  constexpr std::string_view k_magic = "#SBATCH";
  for (char c : line) {
    if (is_control(c) && c != '\t') return extra_error("cluster.extra_control_char", line_no, line);
  }
  if (line.substr(0, k_magic.size()) != k_magic || (line.size() > k_magic.size() && !is_c_space(line[k_magic.size()]))) {
    return extra_error("cluster.extra_not_directive", line_no, line);
  }
  auto words = sbatch_words(line.substr(k_magic.size()));
  if (!words) return extra_error("cluster.extra_unreadable", line_no, line);
  if (!words->empty()) {
    std::string first = words->front();
    for (auto& c : first) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (first == "hetjob" || first == "packjob") return extra_error("cluster.extra_never", line_no, line).with("option", words->front());
  }
  if (const Option* o = first_set(*words, k_never))
    return extra_error("cluster.extra_never", line_no, line).with("option", "--" + std::string(o->long_name));
  auto conflict = [&](const auto& options, bool is_set) -> core::Result<void> {
    if (!is_set) return core::ok();
    if (const Option* o = first_set(*words, options)) {
      return extra_error("cluster.extra_conflict", line_no, line)
          .with("option", "--" + std::string(o->long_name))
          .with("typed", "--" + std::string(options.front().long_name));
    }
    return core::ok();
  };
  QPTQ_TRY(conflict(k_job_name, typed.job_name.has_value()));
  QPTQ_TRY(conflict(k_partition, typed.partition.has_value()));
  QPTQ_TRY(conflict(k_gpus, typed.gpus.has_value()));
  QPTQ_TRY(conflict(k_cpus, typed.cpus_per_task.has_value()));
  QPTQ_TRY(conflict(k_mem, typed.mem_mib.has_value()));
  QPTQ_TRY(conflict(k_time, typed.time_limit_minutes.has_value()));
  QPTQ_TRY(conflict(k_account, typed.account.has_value()));
  QPTQ_TRY(conflict(k_output, typed.output.has_value()));
  return core::ok();
}

core::Result<std::vector<std::string>> read_extra_lines(std::string_view file_text, const Directives& typed) {
  std::vector<std::string> lines;
  std::size_t line_no = 0;
  std::size_t start = 0;
  while (start < file_text.size()) {
    auto end = file_text.find('\n', start);
    auto line = file_text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
    start = end == std::string_view::npos ? file_text.size() : end + 1;
    ++line_no;
    bool blank = true;
    for (char c : line) {
      if (c != ' ' && c != '\t') blank = false;
    }
    if (blank) continue;
    QPTQ_TRY(check_extra_line(line, line_no, typed));
    lines.emplace_back(line);
  }
  return lines;
}

}  // namespace cluster
