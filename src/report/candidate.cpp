#include "report/candidate.h"

namespace report {

std::optional<double> Candidate::size_ratio() const {
  if (!size_bytes || !source_bytes || *source_bytes <= 0) return std::nullopt;
  return static_cast<double>(*size_bytes) / static_cast<double>(*source_bytes);
}

std::string_view run_state_name(RunState s) {
  switch (s) {
    case RunState::not_started:
      return "not_started";
    case RunState::running:
      return "running";
    case RunState::succeeded:
      return "succeeded";
    case RunState::failed:
      return "failed";
    case RunState::interrupted:
      return "interrupted";
  }
  return "not_started";
}

}  // namespace report
