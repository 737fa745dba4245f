#include "cli/diagnosis_render.h"

#include <string>

namespace cli {

void print_diagnosis(const Console& console, const diagnose::Diagnosis& d) {
  console.say("run.failed", {{"rule", d.rule}, {"category", d.category_text(console.lang())}});
  console.say("run.cause", {{"text", d.cause(console.lang())}});
  // The log's own lines, as quark-cli wrote them.
  for (const auto& e : d.evidence) console.line("    " + e);
  std::vector<core::MessageArg> commands;
  for (const auto& c : diagnose::Diagnosis::suggestion_commands()) commands.push_back({c.name, console.command(c.value)});
  console.say("run.suggestion", {{"text", d.suggestion(console.lang(), commands)}, {"checkpoint", std::to_string(d.return_to_checkpoint)}});
}

}  // namespace cli
