#include "knowledge/diagnosis_rules.h"

#include "core/embedded.h"
#include "knowledge/compiled_patterns.h"
#include "knowledge/data_error.h"
#include "knowledge/strict_fields.h"

namespace knowledge {

namespace {

constexpr std::string_view kPath = "knowledge/diagnose/rules.json";

}  // namespace

core::Result<DiagnosisRules> parse_diagnosis_rules(const core::Json& doc) {
  StrictFields f{std::string(kPath)};
  std::string bad;  // the first pattern that does not compile, or the first value out of range
  DiagnosisRules out;
  const core::Json& rules = f.array(doc, "", "rules");
  if (f.ok() && rules.empty()) return core::fail(data_invalid(kPath, "/rules is empty"));
  for (std::size_t i = 0; i < rules.size(); ++i) {
    const std::string at = "/rules/" + std::to_string(i);
    const core::Json& j = rules[i];
    DiagnosisRule r;
    r.id = f.string(j, at, "id");
    r.category = f.string(j, at, "category");
    if (f.ok() && (r.id.empty() || r.category.empty()) && bad.empty()) bad = at + " has an empty id or category";
    r.any = compile_patterns(f.strings(j, at, "any"), at + "/any", bad);
    if (j.contains("all")) r.all = compile_patterns(f.strings(j, at, "all"), at + "/all", bad);
    if (j.contains("facts")) {
      const core::Json& facts = f.array(j, at, "facts");
      for (std::size_t k = 0; k < facts.size(); ++k) {
        const std::string fat = at + "/facts/" + std::to_string(k);
        std::string name = f.string(facts[k], fat, "name");
        r.facts.push_back({std::move(name), compile_pattern(f.string(facts[k], fat, "pattern"), fat + "/pattern", bad)});
      }
    }
    if (j.contains("when")) {
      const std::string wat = at + "/when";
      const core::Json& when = f.object(j, at, "when");
      if (when.contains("stages")) r.stages = f.strings(when, wat, "stages");
      if (when.contains("export_done")) r.export_done = f.boolean(when, wat, "export_done");
      if (when.contains("signal")) r.signal = static_cast<int>(f.integer(when, wat, "signal"));
      if (when.contains("job_states")) r.job_states = f.strings(when, wat, "job_states");
      if (when.contains("first_fact_larger")) {
        auto larger = f.strings(when, wat, "first_fact_larger");
        if (larger.size() == 2) {
          r.first_fact_larger = std::make_pair(larger[0], larger[1]);
        } else if (f.ok() && bad.empty()) {
          bad = wat + "/first_fact_larger names " + std::to_string(larger.size()) + " facts, not two";
        }
      }
    }
    auto back = f.integer(j, at, "return_to_checkpoint");
    if (f.ok() && (back < 1 || back > 4) && bad.empty()) bad = at + "/return_to_checkpoint is not 1..4";
    r.return_to_checkpoint = static_cast<int>(back);
    r.plan_change = f.object(j, at, "plan_change");
    if (j.contains("package_change_needs_confirmation"))
      r.package_change_needs_confirmation = f.boolean(j, at, "package_change_needs_confirmation");
    if (j.contains("refine")) r.refine = f.string(j, at, "refine");
    out.rules.push_back(std::move(r));
  }
  QPTQ_TRY(f.result());
  if (!bad.empty()) return core::fail(data_invalid(kPath, bad));
  return out;
}

core::Result<const DiagnosisRules*> diagnosis_rules() {
  static const core::Result<DiagnosisRules> parsed = []() -> core::Result<DiagnosisRules> {
    auto text = core::embedded_file(kPath);
    if (!text) return core::fail(data_missing(kPath));
    QPTQ_TRY_ASSIGN(core::Json doc, core::parse_json(*text, kPath));
    return parse_diagnosis_rules(doc);
  }();
  if (!parsed) return parsed.error();
  return &parsed.value();
}

}  // namespace knowledge
