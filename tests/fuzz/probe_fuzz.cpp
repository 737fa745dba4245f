// libFuzzer target: the bytes are what the capability probe printed on stdout (an installed
// Python environment, which anyone with write access to it controls), read by
// plan::parse_probe and turned into the planner's capabilities with the help of a real
// quark-cli 0.13's --help. Accepted, its schemes are the capabilities' and each template it
// read is one the planner finds.
// Corpus: tests/fuzz/probe/ (the real probes of tests/fixtures/plan/real/ and tests/fixtures/quark/).
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>

#include "plan/capabilities.h"
#include "plan/help_parser.h"
#include "plan/probe_result.h"

namespace {

const std::optional<plan::HelpInfo>& real_help() {
  static const std::optional<plan::HelpInfo> help = [] {
    std::ifstream in(std::string(QPTQ_SOURCE_DIR) + "/tests/fixtures/plan/real/help-0.13.txt");
    std::stringstream text;
    text << in.rdbuf();
    auto parsed = plan::parse_help(text.str(), "help-0.13.txt");
    return parsed ? std::optional<plan::HelpInfo>(*parsed) : std::nullopt;
  }();
  return help;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto probe = plan::parse_probe(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz");
  if (!probe) return 0;
  (void)probe->quark_version();
  if (!real_help()) __builtin_trap();  // the fixture must parse: a broken checkout, not an input
  auto caps = plan::installed_capabilities(*probe, *real_help());
  if (!caps) return 0;
  // The probe's schemes are the plan's, as listed (the shipped facts only stand in for none).
  if (!probe->schemes.empty() && caps->schemes != probe->schemes) __builtin_trap();
  for (const auto& [model_type, facts] : probe->per_template) {
    if (caps->template_for(model_type) == nullptr) __builtin_trap();
    for (const auto& algo : facts.algorithms_with_config) (void)caps->algorithm_has_config(algo, model_type);
  }
  (void)caps->dataset_choices();
  return 0;
}
