#include "knowledge/verify_checkpoint_names.h"

#include "core/embedded.h"
#include "knowledge/compiled_patterns.h"
#include "knowledge/data_error.h"
#include "knowledge/strict_fields.h"

namespace knowledge {

namespace {

constexpr std::string_view kPath = "knowledge/verify/checkpoint_names.json";

}  // namespace

core::Result<VerifyCheckpointNames> parse_verify_checkpoint_names(const core::Json& doc) {
  StrictFields f{std::string(kPath)};
  std::string bad;  // the first pattern that does not compile
  VerifyCheckpointNames out;
  for (const auto& [model_type, list] : f.object(doc, "", "renames").items()) {
    const std::string at = "/renames/" + model_type;
    if (!list.is_array()) return core::fail(data_invalid(kPath, at + " is not an array"));
    std::vector<CheckpointRename> rules;
    for (std::size_t i = 0; i < list.size(); ++i) {
      const std::string rat = at + "/" + std::to_string(i);
      CheckpointRename r{f.string(list[i], rat, "match"), f.string(list[i], rat, "replace"), {}};
      r.compiled = compile_pattern(r.match, rat + "/match", bad);
      rules.push_back(std::move(r));
    }
    out.renames.emplace(model_type, std::move(rules));
  }
  const core::Json& holders = f.object(doc, "", "non_linear_weight_holders");
  for (const auto& [model_type, list] : holders.items()) {
    out.non_linear_weight_holders.emplace(model_type, f.strings(holders, "/non_linear_weight_holders", model_type));
  }
  QPTQ_TRY(f.result());
  if (!bad.empty()) return core::fail(data_invalid(kPath, bad));
  return out;
}

core::Result<const VerifyCheckpointNames*> verify_checkpoint_names() {
  static const core::Result<VerifyCheckpointNames> parsed = []() -> core::Result<VerifyCheckpointNames> {
    auto text = core::embedded_file(kPath);
    if (!text) return core::fail(data_missing(kPath));
    QPTQ_TRY_ASSIGN(core::Json doc, core::parse_json(*text, kPath));
    return parse_verify_checkpoint_names(doc);
  }();
  if (!parsed) return parsed.error();
  return &parsed.value();
}

}  // namespace knowledge
