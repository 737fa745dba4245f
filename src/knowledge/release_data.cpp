#include "knowledge/release_data.h"

#include <charconv>

#include "core/embedded.h"

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

bool less(const MajorMinor& a, const MajorMinor& b) {
  return a.major != b.major ? a.major < b.major : a.minor < b.minor;
}

}  // namespace

const std::vector<std::string>& shipped_releases() {
  static const std::vector<std::string> k = {"0.11", "0.12", "0.13"};
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
