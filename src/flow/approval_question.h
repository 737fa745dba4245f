// Checkpoint 3's asking policy, the same for `run` and `start`: the person is asked until the
// answer decides, a slip ("y", "ok") is asked again, never read as a yes, and after a few asks
// the last answer stands (and, not being an approval, is a refusal). The front end only asks
// one line and says that it asks again; what decides is here.
#pragma once

#include <optional>
#include <string>

namespace flow {

// How many times the question is asked at most.
inline constexpr int kMaxApprovalAsks = 3;

class ApprovalQuestion {
 public:
  virtual ~ApprovalQuestion() = default;
  // One answer; nullopt at end of input.
  virtual std::optional<std::string> ask() = 0;
  // `answer` neither approves nor refuses: it is asked again, `asks_left` more times at most.
  virtual void on_asking_again(const std::string& answer, int asks_left) = 0;
};

// The answer that decides: an approval, a refusal, end of input (nullopt), or the last of
// kMaxApprovalAsks answers. flow::run judges it (workflow::is_execution_approval).
std::optional<std::string> ask_until_decided(ApprovalQuestion& question);

}  // namespace flow
