// Messages the manifest recorded for a later reader, read back into typed values: the
// verification's checks that did not pass (result.checks) and the environment's blocking
// problems (environment.verdict.problems). Each keeps its catalog id and arguments, so a
// reader shows it in its own language, and the English text recorded with it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/json_io.h"
#include "core/messages.h"

namespace manifest {

struct RecordedMessage {
  std::optional<std::string> id;       // message_id
  std::vector<core::MessageArg> args;  // args, a value that is not a string as compact JSON
  std::optional<std::string> text;     // message (English)
};

struct UnpassedCheck {
  std::string status;  // "fail" or "partial"
  RecordedMessage message;
};

// result.checks whose status is "fail" or "partial", in the recorded order.
std::vector<UnpassedCheck> unpassed_checks(const core::Json& manifest);
// environment.verdict.problems whose severity is "blocking", in the recorded order.
std::vector<RecordedMessage> blocking_problems(const core::Json& manifest);

}  // namespace manifest
