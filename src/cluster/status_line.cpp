#include "cluster/status_line.h"

#include <vector>

namespace cluster {

namespace {

// At most `n` fields: the last one keeps any further '|'.
std::vector<std::string_view> split_fields(std::string_view line, std::size_t n) {
  std::vector<std::string_view> out;
  while (out.size() + 1 < n) {
    auto bar = line.find('|');
    if (bar == std::string_view::npos) break;
    out.push_back(line.substr(0, bar));
    line = line.substr(bar + 1);
  }
  out.push_back(line);
  return out;
}

}  // namespace

std::optional<JobStatus> read_status_line(std::string_view out, const std::string& job_id, ExitForm form) {
  std::optional<JobStatus> found;
  while (!out.empty()) {
    auto nl = out.find('\n');
    auto line = out.substr(0, nl);
    out = nl == std::string_view::npos ? std::string_view() : out.substr(nl + 1);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    auto f = split_fields(line, 5);
    if (f[0] != job_id) continue;
    JobStatus s;
    s.job_id = job_id;
    if (f.size() < 5) {
      s.raw_state = std::string(line);
      found = s;
      continue;
    }
    s.raw_state = std::string(f[1]);
    s.state = job_state_from_text(f[1]);
    if (s.state == JobState::cancelled && f[1].substr(0, 13) == "CANCELLED by ") s.cancelled_by = std::string(f[1].substr(13));
    if (form == ExitForm::wait_status) {
      set_exit_from_wait_status(s, f[2]);
    } else {
      set_exit_from_pair(s, f[2]);
    }
    s.elapsed_s = parse_duration(f[3]);
    if (f[4] != "None" && f[4] != "(null)") s.reason = std::string(f[4]);
    found = s;
  }
  return found;
}

}  // namespace cluster
