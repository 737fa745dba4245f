// How source checkpoint module names become an export's names, and the weight holders that
// are not nn.Linear, per config.model_type (knowledge/verify/checkpoint_names.json): verify's
// fallback when the plan has no names from the model oracle. The rename patterns are compiled
// here (ECMAScript), so one that does not compile is a broken file like a missing field.
#pragma once

#include <map>
#include <regex>
#include <string>
#include <vector>

#include "core/json_io.h"
#include "core/result.h"

namespace knowledge {

struct CheckpointRename {
  std::string match;    // ECMAScript regex over the source module name
  std::string replace;  // "$1" refers to its groups
  std::regex compiled;  // match, compiled
};

struct VerifyCheckpointNames {
  std::map<std::string, std::vector<CheckpointRename>, std::less<>> renames;               // by model_type, in order
  std::map<std::string, std::vector<std::string>, std::less<>> non_linear_weight_holders;  // glob patterns
};

// The strict reading of a document shaped as knowledge/verify/checkpoint_names.json:
// internal "knowledge.data_invalid" naming the first missing or mistyped field or the pattern
// that does not compile.
core::Result<VerifyCheckpointNames> parse_verify_checkpoint_names(const core::Json& doc);

// Parsed once from the embedded file.
core::Result<const VerifyCheckpointNames*> verify_checkpoint_names();

}  // namespace knowledge
