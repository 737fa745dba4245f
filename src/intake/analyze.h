// Step 1 as a function: resolve MODEL (a local directory, a Hugging Face cache snapshot, or
// the Hub over HTTP), read configuration and safetensors headers only, and build
// model_analysis.json. The `analyze` command and the interactive `start` both call this.
#pragma once

#include <optional>
#include <string>

#include "core/fs.h"
#include "core/json_io.h"
#include "intake/hub_settings.h"
#include "intake/oracle_linears.h"

namespace intake {

// The Hub revision read when none is asked for.
inline constexpr const char* kDefaultRevision = "main";

struct AnalyzeRequest {
  std::string model;                    // a directory or a Hub repo id, as typed
  std::optional<std::string> revision;  // Hub branch/tag/commit (default kDefaultRevision)
  std::optional<HubSettings> hub;       // default: from the environment
  // The model oracle's Linear set for this model's config (oracle_linears.h), when the flow
  // ran it: used instead of the config-only estimate when no safetensors headers can be read.
  std::optional<OracleLinears> oracle;
};

// The artifact, not yet written (workflow::write_artifact() checks it against
// references/contracts/model_analysis.schema.json and writes it). Exit codes: bad_input (model
// missing/malformed, bad repo id), network (Hub unreachable, refused, offline without a
// cached copy).
core::Result<core::Json> analyze(const AnalyzeRequest& request);

}  // namespace intake
