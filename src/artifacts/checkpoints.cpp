#include "artifacts/checkpoints.h"

#include "artifacts/fields.h"
#include "core/sha256.h"

namespace artifacts {

namespace {

constexpr std::string_view kArtifact = "checkpoints.json";

}  // namespace

std::string_view checkpoint_name(Checkpoint c) {
  switch (c) {
    case Checkpoint::analysis:
      return "analysis";
    case Checkpoint::plan:
      return "plan";
    case Checkpoint::execution:
      return "execution";
    case Checkpoint::result:
      return "result";
  }
  return "analysis";
}

core::Json Confirmation::to_json() const {
  core::Json j = {{"checkpoint", static_cast<int>(checkpoint)},
                  {"name", std::string(checkpoint_name(checkpoint))},
                  {"reason", reason},
                  {"decision", decision},
                  {"digest", digest},
                  {"confirmed_at", confirmed_at},
                  {"user_words", user_words}};
  // Written only when they say something, as entries older than them lack them.
  if (!corrections.empty()) j["corrections"] = artifacts::to_json(corrections);
  if (!followup.empty()) j["followup"] = followup;
  if (!tool_version.empty()) j["quark_ptq_version"] = tool_version;
  if (!via.empty()) j["via"] = via;
  return j;
}

core::Result<Confirmation> Confirmation::from_json(const core::Json& entry, const std::string& at) {
  std::string error;
  if (!entry.is_object()) return core::fail(field_invalid(kArtifact, (at.empty() ? "the entry" : at) + " is not an object"));
  Fields f(entry, at, &error);
  Confirmation c;
  const auto cp = f.integer("checkpoint");
  auto digest = f.text("digest");
  c.reason = f.text("reason").value_or("");
  c.decision = f.text("decision").value_or("");  // none passes no checkpoint
  c.confirmed_at = f.text("confirmed_at").value_or("");
  c.user_words = f.text("user_words").value_or("");
  c.followup = f.text("followup").value_or("");
  c.tool_version = f.text("quark_ptq_version").value_or("");
  c.via = f.text("via").value_or("");
  if (const core::Json* corrections = f.object("corrections")) {
    for (const auto& [key, change] : corrections->items()) {
      Fields each(*corrections, f.path("corrections"), &error);
      if (each.object(key) == nullptr) continue;  // a change is an object (or the error above)
      c.corrections.push_back({key, change.contains("from") ? change["from"] : core::Json(nullptr),
                               change.contains("to") ? change["to"] : core::Json(nullptr)});
    }
  }
  if (error.empty() && (!cp || *cp < 1 || *cp > 4)) error = f.path("checkpoint") + " is not a checkpoint (1 to 4)";
  if (error.empty() && !digest) error = f.path("digest") + " is missing";
  if (!error.empty()) return core::fail(field_invalid(kArtifact, error));
  c.checkpoint = static_cast<Checkpoint>(*cp);
  c.digest = std::move(*digest);
  return c;
}

std::string confirmed_digest(const core::Json& doc) {
  core::Json copy = doc;
  if (copy.is_object()) copy.erase("requires_confirmation");
  return core::json_digest(copy);
}

std::optional<std::string> declared_artifact(const core::Json& doc) { return core::json_string(doc, "artifact"); }

core::Json to_json(const std::vector<AppliedCorrection>& corrections) {
  core::Json j = core::Json::object();
  for (const auto& c : corrections) j[c.key] = {{"from", c.from}, {"to", c.to}};
  return j;
}

core::Json Checkpoints::to_json() const {
  core::Json list = core::Json::array();
  for (const auto& c : confirmations) list.push_back(c.to_json());
  return {{"artifact", "checkpoints"}, {"schema_version", 1}, {"confirmations", std::move(list)}};
}

core::Result<Checkpoints> Checkpoints::from_json(const core::Json& doc) {
  std::string error;
  Fields f(doc, "", &error);
  const core::Json* list = f.array("confirmations");
  if (list == nullptr) return core::fail(field_invalid(kArtifact, error.empty() ? "there is no \"confirmations\" list" : error));
  Checkpoints out;
  for (std::size_t i = 0; i < list->size(); ++i) {
    QPTQ_TRY_ASSIGN(Confirmation c, Confirmation::from_json((*list)[i], f.path("confirmations") + "/" + std::to_string(i)));
    out.confirmations.push_back(std::move(c));
  }
  return out;
}

}  // namespace artifacts
