#include "knowledge/kv_cache.h"

#include <algorithm>

#include "knowledge/release_data.h"
#include "knowledge/strict_fields.h"

namespace knowledge {

bool KvCacheFacts::is_effective(const std::string& scheme) const {
  return std::find(effective.begin(), effective.end(), scheme) != effective.end();
}

bool KvCacheFacts::is_cli_choice(const std::string& scheme) const {
  return std::find(cli_choices.begin(), cli_choices.end(), scheme) != cli_choices.end();
}

core::Result<KvCacheFacts> KvCacheFacts::load(const std::string& release) {
  QPTQ_TRY_ASSIGN(core::Json doc, load_release_file(release, "kv_cache"));
  StrictFields s{"knowledge/quark/" + release + "/kv_cache.json"};
  KvCacheFacts f;
  f.cli_choices = s.strings(doc, "", "cli_choices");
  f.effective = s.strings(doc, "", "effective");
  QPTQ_TRY(s.result());
  return f;
}

}  // namespace knowledge
