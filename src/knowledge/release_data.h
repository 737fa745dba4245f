// Shipped facts about one Quark release live in knowledge/quark/<release>/*.json (embedded).
// This maps an installed version string to the release whose files describe it and loads
// those files.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/json_io.h"
#include "core/result.h"

namespace knowledge {

// The releases we ship knowledge for, oldest first ("0.11", "0.12", "0.13"): the embedded
// knowledge/quark/<release>/ directories. The one list of Quark versions.
const std::vector<std::string>& shipped_releases();

struct ReleaseMatch {
  std::string release;  // a shipped release
  bool exact = false;   // the installed major.minor is that release
};

// "0.13", "0.13.0", "0.13.1+rocm7.1.torch2.10", "0.12.post1" -> "0.13" / "0.12" (exact).
// A newer unknown version maps to the newest shipped release, an older one to the oldest;
// both with exact = false. Garbage -> error (ExitCode::usage, "knowledge.bad_version").
core::Result<ReleaseMatch> match_release(std::string_view version);

// The parsed knowledge/quark/<release>/<name>.json. A missing file is a bug in the build
// (ExitCode::internal, "knowledge.missing_file").
core::Result<core::Json> load_release_file(std::string_view release, std::string_view name);

}  // namespace knowledge
