#include "workflow/checkpoint.h"

#include "core/atomic_file.h"
#include "core/clock.h"
#include "core/messages.h"
#include "core/sha256.h"

namespace workflow {

std::string_view checkpoint_name(Checkpoint c) {
  switch (c) {
    case Checkpoint::analysis: return "analysis";
    case Checkpoint::plan: return "plan";
    case Checkpoint::execution: return "execution";
    case Checkpoint::result: return "result";
  }
  return "analysis";
}

std::string checkpoint_reason_id(Checkpoint c) { return "workflow.reason_" + std::string(checkpoint_name(c)); }

Confirmation make_confirmation(Checkpoint c, std::string digest, std::string user_words, std::string decision, std::string via) {
  Confirmation out;
  out.checkpoint = c;
  out.reason = core::msg(core::Lang::en, checkpoint_reason_id(c));
  out.digest = std::move(digest);
  out.confirmed_at = core::now_utc_iso8601();
  out.user_words = std::move(user_words);
  out.decision = std::move(decision);
  out.via = std::move(via);
  return out;
}

std::string artifact_digest(const core::Json& artifact) {
  core::Json copy = artifact;
  if (copy.is_object()) copy.erase("requires_confirmation");
  return core::json_digest(copy);
}

core::Json confirmation_to_json(const Confirmation& c) {
  core::Json j = {{"checkpoint", static_cast<int>(c.checkpoint)},
                  {"name", std::string(checkpoint_name(c.checkpoint))},
                  {"reason", c.reason},
                  {"decision", c.decision},
                  {"digest", c.digest},
                  {"confirmed_at", c.confirmed_at},
                  {"user_words", c.user_words}};
  if (!c.corrections.empty()) j["corrections"] = c.corrections;
  if (!c.followup.empty()) j["followup"] = c.followup;
  if (!c.via.empty()) j["via"] = c.via;
  return j;
}

namespace {

std::optional<Confirmation> confirmation_from_json(const core::Json& j) {
  auto cp = core::json_int(j, "checkpoint");
  auto digest = core::json_string(j, "digest");
  if (!cp || *cp < 1 || *cp > 4 || !digest) return std::nullopt;
  Confirmation c;
  c.checkpoint = static_cast<Checkpoint>(*cp);
  c.digest = *digest;
  c.reason = core::json_string(j, "reason").value_or("");
  c.decision = core::json_string(j, "decision").value_or("");  // none passes no checkpoint
  c.confirmed_at = core::json_string(j, "confirmed_at").value_or("");
  c.user_words = core::json_string(j, "user_words").value_or("");
  c.followup = core::json_string(j, "followup").value_or("");
  c.via = core::json_string(j, "via").value_or("");
  if (const auto* corr = core::json_object(j, "corrections")) c.corrections = *corr;
  return c;
}

}  // namespace

core::Result<std::vector<Confirmation>> load_confirmations(const Workdir& wd) {
  std::vector<Confirmation> out;
  if (!core::exists(wd.checkpoints())) return out;
  QPTQ_TRY_ASSIGN(core::Json doc, core::read_json_file(wd.checkpoints()));
  const core::Json* list = core::json_array(doc, "confirmations");
  if (list == nullptr) {
    return core::make_error(core::ExitCode::bad_input, "workflow.checkpoints_invalid").with("path", wd.checkpoints().string());
  }
  for (const auto& item : *list) {
    auto c = confirmation_from_json(item);
    if (!c) {
      return core::make_error(core::ExitCode::bad_input, "workflow.checkpoints_invalid").with("path", wd.checkpoints().string());
    }
    out.push_back(*c);
  }
  return out;
}

bool passes_checkpoint(const Confirmation& c) {
  switch (c.checkpoint) {
    case Checkpoint::analysis:
    case Checkpoint::plan: return c.decision == "confirmed";
    case Checkpoint::execution: return c.decision == "approved";
    case Checkpoint::result: return c.decision == "accepted" || c.decision == "followup";
  }
  return false;
}

std::optional<Confirmation> latest_confirmation(const std::vector<Confirmation>& all, Checkpoint c) {
  for (auto it = all.rbegin(); it != all.rend(); ++it) {
    if (it->checkpoint == c) return *it;
  }
  return std::nullopt;
}

core::Result<void> record_confirmation(const Workdir& wd, const Confirmation& c) {
  QPTQ_TRY_ASSIGN(auto all, load_confirmations(wd));
  all.push_back(c);
  core::Json doc = {{"artifact", "checkpoints"}, {"schema_version", 1}, {"confirmations", core::Json::array()}};
  for (const auto& x : all) doc["confirmations"].push_back(confirmation_to_json(x));
  return core::write_file_atomic(wd.checkpoints(), core::dump_pretty(doc));
}

}  // namespace workflow
