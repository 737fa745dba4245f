#include "knowledge/forward_risks.h"

#include "core/embedded.h"
#include "knowledge/data_error.h"
#include "knowledge/strict_fields.h"

namespace knowledge {

namespace {

constexpr std::string_view kPath = "knowledge/intake/forward_risks.json";

}  // namespace

bool ForwardRisk::holds_for(const core::Json& config) const {
  const core::Json* obj = core::json_object(config, object);
  if (obj == nullptr) return false;
  auto it = obj->find(field);
  return it == obj->end() || it->is_null();
}

std::vector<ForwardRisk> ForwardRisks::holding(std::string_view model_type, const core::Json& config) const {
  std::vector<ForwardRisk> out;
  for (const auto& r : rules) {
    if (r.model_type == model_type && r.holds_for(config)) out.push_back(r);
  }
  return out;
}

core::Result<ForwardRisks> parse_forward_risks(const core::Json& doc) {
  StrictFields f{std::string(kPath)};
  ForwardRisks out;
  const core::Json& rules = f.array(doc, "", "rules");
  for (std::size_t i = 0; i < rules.size(); ++i) {
    const std::string at = "/rules/" + std::to_string(i);
    const core::Json& r = rules[i];
    ForwardRisk rule;
    rule.model_type = f.string(r, at, "model_type");
    rule.object = f.string(r, at, "object");
    rule.field = f.string(r, at, "field");
    rule.fails_in = f.string(r, at, "fails_in");
    rule.risk = f.string(r, at, "risk");
    rule.unchecked_risk = f.string(r, at, "unchecked_risk");
    (void)f.string(r, at, "source");  // every rule says where its fact was read
    out.rules.push_back(std::move(rule));
  }
  QPTQ_TRY(f.result());
  return out;
}

core::Result<const ForwardRisks*> forward_risks() {
  static const core::Result<ForwardRisks> parsed = []() -> core::Result<ForwardRisks> {
    auto text = core::embedded_file(kPath);
    if (!text) return core::fail(data_missing(kPath));
    QPTQ_TRY_ASSIGN(core::Json doc, core::parse_json(*text, kPath));
    return parse_forward_risks(doc);
  }();
  if (!parsed) return parsed.error();
  return &parsed.value();
}

}  // namespace knowledge
