#include "knowledge/release_data.h"

#include <algorithm>
#include <charconv>

#include "core/embedded.h"
#include "core/version_order.h"

namespace knowledge {

namespace {

struct MajorMinor {
  int major = 0;
  int minor = 0;
};

bool parse_major_minor(std::string_view v, MajorMinor& out) {
  const char* p = v.data();
  const char* end = v.data() + v.size();
  auto r1 = std::from_chars(p, end, out.major);
  if (r1.ec != std::errc() || r1.ptr == end || *r1.ptr != '.') {
    return false;
  }
  auto r2 = std::from_chars(r1.ptr + 1, end, out.minor);
  return r2.ec == std::errc();
}

bool less(const MajorMinor& a, const MajorMinor& b) { return a.major != b.major ? a.major < b.major : a.minor < b.minor; }

}  // namespace

const std::vector<std::string>& shipped_releases() {
  // The embedded data is the truth: a release is a knowledge/quark/<release>/ directory with
  // a templates.json (every shipped release has one).
  static const std::vector<std::string> k = [] {
    constexpr std::string_view kPrefix = "knowledge/quark/";
    constexpr std::string_view kSuffix = "/templates.json";
    std::vector<std::string> out;
    for (const auto& f : core::embedded_files()) {
      std::string_view p = f.path;
      if (p.size() > kPrefix.size() + kSuffix.size() && p.substr(0, kPrefix.size()) == kPrefix &&
          p.substr(p.size() - kSuffix.size()) == kSuffix) {
        out.emplace_back(p.substr(kPrefix.size(), p.size() - kPrefix.size() - kSuffix.size()));
      }
    }
    std::sort(out.begin(), out.end(), [](const std::string& a, const std::string& b) { return core::version_less(a, b); });
    return out;
  }();
  return k;
}

core::Result<ReleaseMatch> match_release(std::string_view version) {
  MajorMinor want;
  if (!parse_major_minor(version, want)) {
    return core::make_error(core::ExitCode::usage, "knowledge.bad_version").with("version", std::string(version));
  }
  const auto& all = shipped_releases();
  for (const auto& r : all) {
    MajorMinor have;
    parse_major_minor(r, have);
    if (have.major == want.major && have.minor == want.minor) {
      return ReleaseMatch{r, true};
    }
  }
  MajorMinor oldest;
  parse_major_minor(all.front(), oldest);
  return ReleaseMatch{less(want, oldest) ? all.front() : all.back(), false};
}

core::Result<core::Json> load_release_file(std::string_view release, std::string_view name) {
  std::string path = "knowledge/quark/" + std::string(release) + "/" + std::string(name) + ".json";
  auto text = core::embedded_file(path);
  if (!text) {
    return core::make_error(core::ExitCode::internal, "knowledge.missing_file").with("path", path);
  }
  return core::parse_json(*text, path);
}

}  // namespace knowledge
