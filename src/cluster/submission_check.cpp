#include "cluster/submission_check.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <filesystem>

#include <unistd.h>

#include "core/text.h"
#include "runner/capture.h"

namespace cluster {

namespace {

constexpr double kTimeoutSeconds = 60;

// The script in a file of its own under the temporary directory, removed when this goes.
class ScriptCopy {
 public:
  explicit ScriptCopy(const std::string& text) {
    const char* tmp = std::getenv("TMPDIR");
    std::string path = std::string(tmp != nullptr && *tmp == '/' ? tmp : "/tmp") + "/qptq-test-only-XXXXXX";
    int fd = ::mkstemp(path.data());
    if (fd < 0) return;
    std::size_t done = 0;
    while (done < text.size()) {
      ssize_t n = ::write(fd, text.data() + done, text.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      done += static_cast<std::size_t>(n);
    }
    ::close(fd);
    m_path = path;
    if (done != text.size()) m_path.clear();
    if (m_path.empty()) ::unlink(path.c_str());
  }
  ~ScriptCopy() {
    if (!m_path.empty()) ::unlink(m_path.c_str());
  }
  ScriptCopy(const ScriptCopy&) = delete;
  ScriptCopy& operator=(const ScriptCopy&) = delete;
  const std::string& path() const { return m_path; }

 private:
  std::string m_path;
};

core::Error refused(std::string id) { return core::make_error(core::ExitCode::env_not_ready, std::move(id)); }

// sbatch's last words on stderr (its answer and its errors both go there).
std::string last_words(std::string_view err) {
  std::string_view last;
  for (std::string_view line : core::split_lines(err)) {
    if (!core::trim(line).empty()) last = core::trim(line);
  }
  return std::string(last.substr(0, 400));
}

}  // namespace

std::vector<std::string> test_only_argv(const std::vector<std::string>& sbatch_argv, const std::string& script_path) {
  std::vector<std::string> argv;
  if (sbatch_argv.empty()) return argv;
  argv.push_back(sbatch_argv.front());
  argv.emplace_back("--test-only");
  for (std::size_t i = 1; i + 1 < sbatch_argv.size(); ++i) {
    // --parsable shapes the answer of a real submission; --test-only has its own.
    if (sbatch_argv[i] != "--parsable") argv.push_back(sbatch_argv[i]);
  }
  argv.push_back(script_path);
  return argv;
}

core::Result<std::optional<unsigned>> parse_partition_limit(std::string_view text) {
  text = core::trim(text);
  if (text == "infinite" || text == "UNLIMITED" || text == "INFINITE") return std::optional<unsigned>{};
  // sinfo writes a limit as "MM:SS", "HH:MM:SS" or "D-HH:MM:SS" (Slurm's secs2time_str); the seconds
  // are dropped, since a job may ask for whole minutes up to the limit, not past it.
  auto bad = [&] { return core::make_error(core::ExitCode::bad_input, "cluster.bad_time_limit").with("value", std::string(text)); };
  unsigned days = 0;
  std::string_view rest = text;
  if (auto dash = rest.find('-'); dash != std::string_view::npos) {
    auto [p, ec] = std::from_chars(rest.data(), rest.data() + dash, days);
    if (ec != std::errc() || p != rest.data() + dash) return bad();
    rest = rest.substr(dash + 1);
  }
  // "MM:SS" below an hour, "HH:MM:SS" from there on: hours, minutes, seconds from the right.
  unsigned parts[3] = {0, 0, 0};
  const auto fields = static_cast<std::size_t>(std::count(rest.begin(), rest.end(), ':')) + 1;
  if (fields < 2 || fields > 3 || (days > 0 && fields != 3)) return bad();
  for (std::size_t i = 3 - fields; i < 3; ++i) {
    auto end = i < 2 ? rest.find(':') : rest.size();
    if (end == std::string_view::npos || end == 0) return bad();
    auto [p, ec] = std::from_chars(rest.data(), rest.data() + end, parts[i]);
    if (ec != std::errc() || p != rest.data() + end) return bad();
    rest = i < 2 ? rest.substr(end + 1) : std::string_view();
  }
  if (parts[1] > 59 || parts[2] > 59) return bad();
  return std::optional<unsigned>{days * 24 * 60 + parts[0] * 60 + parts[1]};
}

std::optional<std::pair<std::string, std::string>> partition_limit_field(std::string_view sinfo_out, std::string_view partition) {
  for (std::string_view line : core::split_lines(sinfo_out)) {
    line = core::trim(line);
    auto space = line.find_first_of(" \t");
    if (space == std::string_view::npos) continue;
    std::string_view name = line.substr(0, space);
    std::string_view limit = core::trim(line.substr(space));
    const bool is_default = !name.empty() && name.back() == '*';
    if (is_default) name.remove_suffix(1);
    if (partition.empty() ? is_default : name == partition) return std::make_pair(std::string(name), std::string(limit));
  }
  return std::nullopt;
}

core::Result<SubmissionCheck> check_submission(const Directives& job, const std::vector<std::string>& sbatch_argv,
                                               const std::string& script, const std::string& sinfo) {
  SubmissionCheck out;
  ScriptCopy copy(script);
  if (copy.path().empty()) return refused("cluster.test_only_failed").with("words", "the script could not be written to a temporary file");
  runner::CommandSpec spec;
  spec.argv = test_only_argv(sbatch_argv, copy.path());
  auto res = runner::capture(spec, kTimeoutSeconds, 1u << 20);
  if (!res && res.error().code == core::ExitCode::interrupted) return core::fail(std::move(res).error());
  if (!res || res->timed_out || !res->exit_code) {
    return refused("cluster.test_only_failed").with("words", res ? "no answer within 60 s" : "sbatch could not be started");
  }
  if (*res->exit_code != 0) return refused("cluster.test_only_refused").with("words", last_words(res->err));
  out.answer = last_words(res->err);

  runner::CommandSpec info;
  info.argv = {sinfo, "--noheader", "--format=%P %l"};
  if (job.partition) info.argv.push_back("--partition=" + *job.partition);
  auto listed = runner::capture(info, kTimeoutSeconds, 1u << 20);
  if (!listed && listed.error().code == core::ExitCode::interrupted) return core::fail(std::move(listed).error());
  // sbatch took the job: a partition sinfo does not describe leaves its limit unknown, not wrong.
  if (!listed || !listed->exit_code || *listed->exit_code != 0) return out;
  auto field = partition_limit_field(listed->out, job.partition.value_or(""));
  if (!field) return out;
  out.partition = field->first;
  auto limit = parse_partition_limit(field->second);
  if (!limit) return out;
  out.partition_limit = *limit;
  if (job.time_limit_minutes && out.partition_limit && *job.time_limit_minutes > *out.partition_limit) {
    return refused("cluster.time_limit_over_partition")
        .with("minutes", std::to_string(*job.time_limit_minutes))
        .with("partition", out.partition)
        .with("limit", std::to_string(*out.partition_limit));
  }
  return out;
}

}  // namespace cluster
