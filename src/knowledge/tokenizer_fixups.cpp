#include "knowledge/tokenizer_fixups.h"

#include "knowledge/release_data.h"

namespace knowledge {

std::optional<std::int64_t> TokenizerFixups::forced_pad_for(const std::string& model_type) const {
  auto it = forced_pad_token_id.find(model_type);
  if (it == forced_pad_token_id.end()) return std::nullopt;
  return it->second;
}

namespace {

core::Result<TokenizerFixups> parse(const std::string& release) {
  QPTQ_TRY_ASSIGN(core::Json doc, load_release_file(release, "tokenizer_fixups"));
  TokenizerFixups f;
  if (const core::Json* ids = core::json_object(doc, "forced_pad_token_id")) {
    for (auto it = ids->begin(); it != ids->end(); ++it) {
      if (it.value().is_number_integer()) f.forced_pad_token_id[it.key()] = it.value().get<std::int64_t>();
    }
  }
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
