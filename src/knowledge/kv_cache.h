// KV-cache schemes of one Quark release (knowledge/quark/<release>/kv_cache.json): what
// --kv_cache_dtype accepts on the command line versus what Quark actually applies (fp8).
#pragma once

#include <string>
#include <vector>

#include "core/result.h"

namespace knowledge {

struct KvCacheFacts {
  std::vector<std::string> cli_choices;  // argparse choices (pass parsing)
  std::vector<std::string> effective;    // the ones LLMTemplate accepts ("fp8")

  bool is_effective(const std::string& scheme) const;
  bool is_cli_choice(const std::string& scheme) const;

  static core::Result<KvCacheFacts> load(const std::string& release);
};

}  // namespace knowledge
