// A recorded message's arguments (a check's `args`, a reason's `reason_args`): an object of
// texts, read strictly and written in the order given.
#pragma once

#include <string>
#include <vector>

#include "core/json_io.h"
#include "core/messages.h"

namespace artifacts {

// An argument that is not a text is an error naming it ("result/checks/3/args/count is not a string").
std::vector<core::MessageArg> message_args_of(const core::Json& args, const std::string& at, std::string* error);
core::Json message_args_json(const std::vector<core::MessageArg>& args);

}  // namespace artifacts
