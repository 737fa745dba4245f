// checkpoints.json as one typed document: every answer the person gave at a checkpoint, newest
// last. One reader and one writer's encoding, so that a field is spelled in one place and an
// entry whose field has the wrong type is one error naming it ("confirmations/2/digest is not
// a string"), never a confirmation read with a field silently empty. What a confirmation means
// for the workflow (which decision passes which checkpoint, how it is recorded under a lock)
// stays with the workflow.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/json_io.h"
#include "core/result.h"

namespace artifacts {

enum class Checkpoint : int { analysis = 1, plan = 2, execution = 3, result = 4 };

std::string_view checkpoint_name(Checkpoint c);  // "analysis", "plan", "execution", "result"

// A correction made at checkpoint 1 (`confirm analysis --set KEY=VALUE`): the field as the
// person named it, its value before (null when the analysis lacked it) and after, each the
// JSON the analysis holds there (text, a flag or a list, by the field).
struct AppliedCorrection {
  std::string key;
  core::Json from;
  core::Json to;
  bool operator==(const AppliedCorrection&) const = default;
};

struct Confirmation {
  Checkpoint checkpoint = Checkpoint::analysis;
  std::string reason;                          // why this checkpoint exists (from the catalog, English)
  std::string digest;                          // "sha256:<hex>" of what was confirmed
  std::string confirmed_at;                    // UTC ISO-8601
  std::string user_words;                      // the user's answer, verbatim ("yes", "はい", "--approve <digest>")
  std::string decision = "confirmed";          // "confirmed", "approved", "accepted" or "followup"
  std::vector<AppliedCorrection> corrections;  // checkpoint 1, in the order first made
  std::string followup;                        // checkpoint 4 follow-up text
  std::string tool_version;                    // the quark-ptq that recorded it ("" in entries older than the field)
  // How the answer reached quark-ptq when not typed at its own terminal or on its command
  // line: "mcp-elicitation" (asked through the MCP client by `quark-ptq mcp`). "" otherwise.
  std::string via;

  core::Json to_json() const;
  // `at`: the entry's path in the document, for the error ("confirmations/2").
  static core::Result<Confirmation> from_json(const core::Json& entry, const std::string& at = "");
};

// The digest a confirmation binds: the document's content (keys sorted), less the plan's
// requires_confirmation, which confirming the plan flips.
std::string confirmed_digest(const core::Json& doc);

// The artifact a document says it is (its "artifact" field), when it says one.
std::optional<std::string> declared_artifact(const core::Json& doc);

// Written as {KEY: {"from", "to"}}, in order.
core::Json to_json(const std::vector<AppliedCorrection>& corrections);

struct Checkpoints {
  std::vector<Confirmation> confirmations;

  core::Json to_json() const;
  // artifacts.field_invalid naming the field: no "confirmations" list, an entry that is not an
  // object, a checkpoint that is not 1-4, no digest, a field of another type than the schema's.
  static core::Result<Checkpoints> from_json(const core::Json& doc);
};

}  // namespace artifacts
