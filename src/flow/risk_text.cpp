#include "flow/risk_text.h"

#include <vector>

namespace flow {

std::vector<core::MessageArg> recorded_args(const core::Json& r) {
  std::vector<core::MessageArg> args;
  if (const core::Json* ra = core::json_object(r, "args")) {
    for (auto it = ra->begin(); it != ra->end(); ++it) {
      args.push_back({it.key(), it.value().is_string() ? it.value().get<std::string>() : it.value().dump()});
    }
  }
  return args;
}

namespace {

std::string severity_text(core::Lang lang, const std::string& value) {
  const std::string id = "enum.severity." + value;
  return core::catalog_has(lang, id) ? core::msg(lang, id) : value;
}

}  // namespace

std::string risk_line(core::Lang lang, const core::Json& r) {
  const std::string id = core::json_string(r, "id").value_or("");
  const std::string text = id.empty() || !core::catalog_has(core::Lang::en, id) ? core::json_string(r, "message").value_or("-")
                                                                                : core::msg(lang, id, recorded_args(r));
  const std::string from = core::json_string(r, "origin") == "analysis" ? core::msg(lang, "cli.risk_from_analysis") + " " : "";
  return "[" + severity_text(lang, core::json_string(r, "severity").value_or("?")) + "] " + from + text;
}

std::string risk_hint(core::Lang lang, const core::Json& r) {
  if (const core::Json* h = core::json_object(r, "hint")) {  // the plan's: a text of its own
    const std::string id = core::json_string(*h, "id").value_or("");
    return id.empty() ? core::json_string(*h, "text").value_or("") : core::msg(lang, id, recorded_args(*h));
  }
  const std::string id = core::json_string(r, "id").value_or("");
  if (!id.empty() && core::catalog_has(core::Lang::en, id + "_hint")) return core::msg(lang, id + "_hint", recorded_args(r));
  return core::json_string(r, "recovery_hint").value_or("");
}

std::string risk_list(core::Lang lang, const core::Json* risks, const std::string& none) {
  if (risks == nullptr || !risks->is_array() || risks->empty()) return none;
  std::string out;
  for (const auto& r : *risks) {
    out += (out.empty() ? "" : "\n") + risk_line(lang, r);
    if (std::string hint = risk_hint(lang, r); !hint.empty()) out += "\n   -> " + hint;
  }
  return out;
}

}  // namespace flow
