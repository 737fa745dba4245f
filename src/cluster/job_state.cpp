#include "cluster/job_state.h"

#include <array>
#include <charconv>
#include <utility>

namespace cluster {

namespace {

constexpr std::array<std::pair<std::string_view, JobState>, 14> k_states{{
    {"PENDING", JobState::pending},
    {"RUNNING", JobState::running},
    {"COMPLETING", JobState::completing},
    {"COMPLETED", JobState::completed},
    {"FAILED", JobState::failed},
    {"TIMEOUT", JobState::timeout},
    {"OUT_OF_MEMORY", JobState::out_of_memory},
    {"NODE_FAIL", JobState::node_fail},
    {"CANCELLED", JobState::cancelled},
    {"PREEMPTED", JobState::preempted},
    {"REQUEUED", JobState::requeued},
    // Requeued and held (by an admin, or after a launch failure); from a federation sibling.
    {"REQUEUE_HOLD", JobState::requeued},
    {"REQUEUE_FED", JobState::requeued},
    // Nodes allocated but still booting or being set up: the job has not started.
    {"CONFIGURING", JobState::pending},
}};

std::optional<long> to_long(std::string_view s) {
  long v = 0;
  if (s.empty()) return std::nullopt;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size() || v < 0) return std::nullopt;
  return v;
}

}  // namespace

JobState job_state_from_text(std::string_view text) {
  // "CANCELLED by 1000": the state is the first word.
  auto word = text.substr(0, text.find(' '));
  for (const auto& [name, state] : k_states) {
    if (word == name) return state;
  }
  return JobState::unknown;
}

std::string_view job_state_name(JobState s) {
  switch (s) {
    case JobState::pending:
      return "pending";
    case JobState::running:
      return "running";
    case JobState::completing:
      return "completing";
    case JobState::completed:
      return "completed";
    case JobState::failed:
      return "failed";
    case JobState::timeout:
      return "timeout";
    case JobState::out_of_memory:
      return "out_of_memory";
    case JobState::node_fail:
      return "node_fail";
    case JobState::cancelled:
      return "cancelled";
    case JobState::preempted:
      return "preempted";
    case JobState::requeued:
      return "requeued";
    case JobState::unknown:
      return "unknown";
  }
  return "unknown";
}

bool is_final(JobState s) {
  switch (s) {
    case JobState::completed:
    case JobState::failed:
    case JobState::timeout:
    case JobState::out_of_memory:
    case JobState::node_fail:
    case JobState::cancelled:
    case JobState::preempted:
      return true;
    default:
      return false;
  }
}

void set_exit_from_pair(JobStatus& status, std::string_view text) {
  auto colon = text.find(':');
  if (colon == std::string_view::npos) return;
  auto code = to_long(text.substr(0, colon));
  auto sig = to_long(text.substr(colon + 1));
  if (!code || !sig || *code > 255 || *sig > 127) return;
  // Slurm writes "0:15" for a job a signal ended: then there was no exit status.
  if (*sig != 0) {
    status.signal = static_cast<int>(*sig);
  } else {
    status.exit_code = static_cast<int>(*code);
  }
}

void set_exit_from_wait_status(JobStatus& status, std::string_view text) {
  auto raw = to_long(text);
  if (!raw || *raw > 0xffff) return;
  int sig = static_cast<int>(*raw & 0x7f);
  if (sig != 0) {
    status.signal = sig;
  } else {
    status.exit_code = static_cast<int>((*raw >> 8) & 0xff);
  }
}

std::optional<long> parse_duration(std::string_view text) {
  long days = 0;
  auto dash = text.find('-');
  if (dash != std::string_view::npos) {
    auto d = to_long(text.substr(0, dash));
    if (!d) return std::nullopt;
    days = *d;
    text = text.substr(dash + 1);
  }
  text = text.substr(0, text.find('.'));
  std::array<long, 3> parts{};
  std::size_t n = 0;
  while (true) {
    auto colon = text.find(':');
    auto v = to_long(text.substr(0, colon));
    if (!v || n == parts.size()) return std::nullopt;
    parts[n++] = *v;
    if (colon == std::string_view::npos) break;
    text = text.substr(colon + 1);
  }
  // Two parts are M:SS, three H:MM:SS; a day count needs the hours.
  if (n < 2 || (dash != std::string_view::npos && n != 3)) return std::nullopt;
  long seconds = n == 3 ? parts[0] * 3600 + parts[1] * 60 + parts[2] : parts[0] * 60 + parts[1];
  return days * 86400 + seconds;
}

}  // namespace cluster
