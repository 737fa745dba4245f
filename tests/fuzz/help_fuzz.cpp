// libFuzzer target: the bytes are the output of `quark-cli torch-llm-ptq --help`, which the
// capability probe parses (plan/help_parser.h). An accepted parse must be consistent: every
// flag a long option, every alias naming a flag that was listed, choices only for listed
// flags. Corpus: tests/fuzz/help/ (real captured outputs from tests/fixtures/plan/real/).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "plan/help_parser.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto info = plan::parse_help(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz");
  if (!info) return 0;
  for (const auto& f : info->flags) {
    if (f.size() < 3 || f.compare(0, 2, "--") != 0 || !info->has_flag(f)) __builtin_trap();
  }
  for (const auto& [alias, primary] : info->alias_of) {
    if (!info->has_flag(alias) || !info->has_flag(primary)) __builtin_trap();
  }
  for (const auto& [flag, choices] : info->choices) {
    if (!info->has_flag(flag) || info->choices_for(flag) == nullptr) __builtin_trap();
  }
  return 0;
}
