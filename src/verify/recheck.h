// A verified output checked again before it is trusted a second time: a comparison that runs
// again skips a candidate that already finished, and the files it would skip must still be
// the files that verified. Each recorded file is hashed again and compared with the digest the
// verification recorded; anything missing, changed or new is named.
#pragma once

#include <string>
#include <vector>

#include "core/fs.h"
#include "verify/file_hasher.h"

namespace verify {

struct Recheck {
  std::vector<std::string> missing;  // recorded, gone now
  std::vector<std::string> changed;  // recorded, other bytes now (or unreadable)
  std::vector<std::string> added;    // present now, not recorded
  bool same() const { return missing.empty() && changed.empty() && added.empty(); }
  // "changed: a, b; missing: c" (English, technical), the first few names of each.
  std::string summary() const;
};

// `root` hashed again (links are never followed) against `recorded`.
Recheck recheck_output(const core::fs::path& root, const std::vector<FileDigest>& recorded, unsigned threads = 0);

}  // namespace verify
