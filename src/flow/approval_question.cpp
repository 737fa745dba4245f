#include "flow/approval_question.h"

#include "workflow/approval.h"

namespace flow {

std::optional<std::string> ask_until_decided(ApprovalQuestion& question) {
  for (int asked = 1;; ++asked) {
    auto answer = question.ask();
    if (!answer || workflow::is_execution_approval(*answer) || workflow::is_refusal(*answer) || asked == kMaxApprovalAsks) return answer;
    question.on_asking_again(*answer, kMaxApprovalAsks - asked);
  }
}

}  // namespace flow
