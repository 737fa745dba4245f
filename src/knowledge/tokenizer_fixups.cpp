#include "knowledge/tokenizer_fixups.h"

#include "knowledge/release_data.h"
#include "knowledge/strict_fields.h"

namespace knowledge {

std::optional<std::int64_t> TokenizerFixups::forced_pad_for(const std::string& model_type) const {
  auto it = forced_pad_token_id.find(model_type);
  if (it == forced_pad_token_id.end()) return std::nullopt;
  return it->second;
}

namespace {

core::Result<TokenizerFixups> parse(const std::string& release) {
  QPTQ_TRY_ASSIGN(core::Json doc, load_release_file(release, "tokenizer_fixups"));
  StrictFields s{"knowledge/quark/" + release + "/tokenizer_fixups.json"};
  TokenizerFixups f;
  const core::Json& ids = s.object(doc, "", "forced_pad_token_id");
  for (const auto& [model_type, id] : ids.items()) f.forced_pad_token_id[model_type] = s.integer(ids, "/forced_pad_token_id", model_type);
  QPTQ_TRY(s.result());
  return f;
}

}  // namespace

core::Result<TokenizerFixups> TokenizerFixups::load(const std::string& release) {
  // Every shipped release's file parsed once: each model read asks (intake/model_reading.cpp).
  static const std::map<std::string, core::Result<TokenizerFixups>, std::less<>> k = [] {
    std::map<std::string, core::Result<TokenizerFixups>, std::less<>> out;
    for (const auto& r : shipped_releases()) out.emplace(r, parse(r));
    return out;
  }();
  auto it = k.find(release);
  return it != k.end() ? it->second : parse(release);  // not shipped: the missing-file error
}

}  // namespace knowledge
