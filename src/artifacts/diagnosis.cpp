#include "artifacts/diagnosis.h"

#include "artifacts/json_write.h"

namespace artifacts {

core::Json Diagnosis::to_json() const {
  core::Json facts_json = core::Json::object();
  for (const auto& f : facts) facts_json[f.name] = f.value;
  core::Json o = {{"rule", rule},
                  {"category", category},
                  {"cause", cause},
                  {"suggestion", suggestion},
                  {"return_to_checkpoint", or_null(return_to_checkpoint)},
                  {"plan_change", plan_change},
                  {"package_change_needs_confirmation", package_change_needs_confirmation},
                  {"facts", std::move(facts_json)},
                  {"evidence", evidence},
                  {"error_text", error_text}};
  if (run) {
    o["command"] = {{"argv", run->command.argv}, {"display", run->command.display}, {"digest", run->command.digest}};
    o["exit_code"] = or_null(run->exit_code);
    o["signal"] = or_null(run->signal);
    o["stage"] = or_null(run->stage);
    o["versions"] = {{"torch", run->torch_version}, {"transformers", run->transformers_version}, {"amd-quark", run->quark_version}};
    o["resources"] = run->resources ? run->resources->to_json() : core::Json(nullptr);
  }
  return o;
}

Diagnosis diagnosis_of(Fields f, std::string* error) {
  Diagnosis d;
  d.rule = f.text("rule").value_or("");
  d.category = f.text("category").value_or("unclassified");
  d.cause = f.text("cause").value_or("");
  d.suggestion = f.text("suggestion").value_or("");
  if (auto back = f.integer("return_to_checkpoint")) d.return_to_checkpoint = static_cast<int>(*back);
  if (const core::Json* change = f.object("plan_change")) d.plan_change = *change;
  d.package_change_needs_confirmation = f.flag("package_change_needs_confirmation").value_or(false);
  if (const core::Json* facts = f.object("facts")) {
    Fields each(*facts, f.path("facts"), error);
    for (const auto& [name, value] : facts->items()) d.facts.push_back({name, each.text(name).value_or("")});
  }
  d.evidence = f.texts("evidence");
  d.error_text = f.text("error_text").value_or("");
  if (const core::Json* command = f.object("command")) {
    Fields c(*command, f.path("command"), error);
    DiagnosedRun r;
    r.command = {c.texts("argv"), c.text("display").value_or(""), c.text("digest").value_or("")};
    r.exit_code = f.integer("exit_code");
    r.signal = f.text("signal");
    r.stage = f.text("stage");
    if (const core::Json* versions = f.object("versions")) {
      Fields v(*versions, f.path("versions"), error);
      r.torch_version = v.text("torch").value_or("unknown");
      r.transformers_version = v.text("transformers").value_or("unknown");
      r.quark_version = v.text("amd-quark").value_or("unknown");
    }
    if (const core::Json* peak = f.object("resources")) r.resources = peak_of(Fields(*peak, f.path("resources"), error));
    d.run = std::move(r);
  }
  return d;
}

}  // namespace artifacts
