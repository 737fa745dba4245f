#include "knowledge/renames.h"

#include <algorithm>

#include "knowledge/release_data.h"

namespace knowledge {

std::vector<std::string> CliRenames::renamed_scheme(const std::string& old_name) const {
  auto it = scheme_renames.find(old_name);
  return it == scheme_renames.end() ? std::vector<std::string>{} : it->second;
}

bool CliRenames::has_flag(const std::string& flag) const { return std::find(cli_flags.begin(), cli_flags.end(), flag) != cli_flags.end(); }

core::Result<CliRenames> CliRenames::load(const std::string& release) {
  QPTQ_TRY_ASSIGN(core::Json doc, load_release_file(release, "renames"));
  CliRenames r;
  if (const core::Json* m = core::json_object(doc, "scheme_renames")) {
    for (auto it = m->begin(); it != m->end(); ++it) {
      std::vector<std::string> names;
      if (it.value().is_array()) {
        for (const auto& n : it.value()) {
          if (n.is_string()) {
            names.push_back(n.get<std::string>());
          }
        }
      }
      r.scheme_renames[it.key()] = std::move(names);
    }
  }
  r.removed_flags = core::json_string_list(doc, "removed_flags");
  r.cli_flags = core::json_string_list(doc, "cli_flags");
  return r;
}

}  // namespace knowledge
