// What quark-cli does to the tokenizer before calibrating (knowledge/quark/<release>/
// tokenizer_fixups.json): for some model types it forces pad and eos to a fixed token id, and
// a tokenizer that has no such id makes quark-cli fail after the model has loaded.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "core/result.h"

namespace knowledge {

struct TokenizerFixups {
  std::map<std::string, std::int64_t> forced_pad_token_id;  // model_type -> token id

  std::optional<std::int64_t> forced_pad_for(const std::string& model_type) const;

  // Fails when the release has no such file (releases before 0.12 were not read for it).
  static core::Result<TokenizerFixups> load(const std::string& release);
};

}  // namespace knowledge
