// Risks found by intake. Each has a severity, a message and a recovery hint, stored in the
// artifact in English (the contract's `message` / `recovery_hint`) together with the catalog
// ids and arguments, so that the CLI can show them in the user's language.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "artifacts/model_analysis.h"
#include "core/error.h"
#include "core/json_io.h"

namespace intake {

// Marks a literal as a catalog id (the catalog test checks every message_id("...") use).
constexpr std::string_view message_id(std::string_view id) { return id; }

enum class Severity { low, medium, high };

struct Risk {
  Severity severity = Severity::medium;
  std::string id;  // message id; the hint is id + "_hint"
  std::vector<core::MessageArg> args;
  bool makes_partial = false;  // an uncertain material fact
};

class RiskList {
 public:
  void add(Severity severity, std::string_view id, std::vector<core::MessageArg> args = {});
  // A risk that leaves a material fact uncertain: the analysis becomes "partial".
  void add_partial(Severity severity, std::string_view id, std::vector<core::MessageArg> args = {});
  bool any_partial() const;
  const std::vector<Risk>& items() const { return m_items; }
  // As model_analysis.json records them: severity, message, recovery_hint (English), id, args.
  std::vector<artifacts::AnalysisRisk> records() const;
  core::Json to_json() const;

 private:
  std::vector<Risk> m_items;
};

}  // namespace intake
