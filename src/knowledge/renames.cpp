#include "knowledge/renames.h"

#include <algorithm>

#include "knowledge/release_data.h"
#include "knowledge/strict_fields.h"

namespace knowledge {

std::vector<std::string> CliRenames::renamed_scheme(const std::string& old_name) const {
  auto it = scheme_renames.find(old_name);
  return it == scheme_renames.end() ? std::vector<std::string>{} : it->second;
}

bool CliRenames::has_flag(const std::string& flag) const { return std::find(cli_flags.begin(), cli_flags.end(), flag) != cli_flags.end(); }

core::Result<CliRenames> CliRenames::load(const std::string& release) {
  QPTQ_TRY_ASSIGN(core::Json doc, load_release_file(release, "renames"));
  StrictFields f{"knowledge/quark/" + release + "/renames.json"};
  CliRenames r;
  const core::Json& m = f.object(doc, "", "scheme_renames");
  for (const auto& [old_name, names] : m.items()) r.scheme_renames[old_name] = f.strings(m, "/scheme_renames", old_name);
  r.removed_flags = f.strings(doc, "", "removed_flags");
  r.cli_flags = f.strings(doc, "", "cli_flags");
  QPTQ_TRY(f.result());
  return r;
}

}  // namespace knowledge
