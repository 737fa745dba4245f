#include "verify/recheck.h"

#include <map>

#include "verify/report.h"

namespace verify {

std::string Recheck::summary() const {
  std::string out;
  auto part = [&](const char* what, const std::vector<std::string>& names) {
    if (names.empty()) return;
    out += (out.empty() ? "" : "; ") + std::string(what) + ": " + examples(names);
  };
  part("changed", changed);
  part("missing", missing);
  part("added", added);
  return out;
}

Recheck recheck_output(const core::fs::path& root, const std::vector<FileDigest>& recorded, unsigned threads) {
  Recheck r;
  std::map<std::string, const FileDigest*> want;
  for (const auto& f : recorded) want[f.path] = &f;
  const DirEntries now = list_entries(root);
  std::vector<std::string> present;
  for (const auto& path : now.files) {
    if (want.count(path) != 0) {
      present.push_back(path);
    } else {
      r.added.push_back(path);
    }
  }
  // A link where a file verified is not that file.
  for (const auto& link : now.links) {
    if (want.count(link.path) != 0) r.changed.push_back(link.path);
  }
  for (const auto& d : hash_files(root, present, threads)) {
    const FileDigest& old = *want.at(d.path);
    if (!d.error.empty() || d.bytes != old.bytes || d.sha256 != old.sha256) r.changed.push_back(d.path);
  }
  for (const auto& [path, f] : want) {
    bool seen = std::find(present.begin(), present.end(), path) != present.end();
    bool linked = std::find(r.changed.begin(), r.changed.end(), path) != r.changed.end();
    if (!seen && !linked) r.missing.push_back(path);
  }
  return r;
}

}  // namespace verify
