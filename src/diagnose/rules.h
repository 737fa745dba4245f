// Failure classification with rules kept as data (knowledge/diagnose/rules.json, read by
// knowledge::diagnosis_rules(), documented in references/troubleshooting.md). A rule names the
// category, the patterns that are its evidence, the conditions on where the run stopped, the
// facts to capture, the smallest plan change and the checkpoint to return to. Diagnosis never
// retries anything.
#pragma once

#include <cstdint>
#include <optional>
#include <regex>
#include <string>
#include <vector>

#include "artifacts/diagnosis.h"
#include "core/json_io.h"
#include "core/messages.h"
#include "core/result.h"
#include "knowledge/diagnosis_rules.h"

namespace diagnose {

// A Linear layer the plan quantizes, with the scheme and weight group that apply to it (from
// the plan and the analysis' inventory, or the meta-device oracle).
struct LayerShape {
  std::string name;
  std::uint64_t in_features = 0;
  std::string scheme;
  std::uint64_t group = 0;  // 0: not per-group
};

// What is known about the failed run.
struct FailureContext {
  std::string log;  // ANSI-stripped log (the tail is enough)
  std::optional<int> exit_code;
  std::optional<int> signal;
  std::string stage;      // stage at failure ("" when none was reached)
  std::string job_state;  // a Slurm job's final state (cluster::job_state_name); "" for a local run
  bool export_done = false;
  std::vector<core::MessageArg> known_facts;  // e.g. installed versions from the manifest
  // For shape failures: the quantized layers, and the schemes of the plan's format with their
  // groups (0: per-channel), largest group first. Empty: the diagnosis cannot name layers.
  std::vector<LayerShape> layers;
  std::vector<std::pair<std::string, std::uint64_t>> regroupings;
};

struct Diagnosis {
  std::string rule;
  std::string category;
  int return_to_checkpoint = 3;
  std::vector<std::string> evidence;    // the log lines that matched, in log order
  std::vector<core::MessageArg> facts;  // captured and known values
  std::string error_text;               // the whole final traceback
  core::Json plan_change = core::Json::object();
  bool package_change_needs_confirmation = false;
  // Read back from a manifest whose rule this release does not know: its English texts.
  std::string recorded_cause;
  std::string recorded_suggestion;

  std::string cause(core::Lang lang) const;  // diagnose.<rule>.cause
  // diagnose.<rule>.suggestion; `commands` fills the commands some suggestions name ({prepare},
  // {stage}) as the reader types them (with --workdir), else they read "quark-ptq prepare" etc.
  std::string suggestion(core::Lang lang, const std::vector<core::MessageArg>& commands = {}) const;
  // Those commands as typed in the workdir itself ({prepare} -> "quark-ptq prepare", ...): a
  // front end adds its --workdir to each and passes them to suggestion().
  static const std::vector<core::MessageArg>& suggestion_commands();
  std::string category_text(core::Lang lang) const;  // enum.diagnosis_category.<category>
  // The classification as run.diagnosis records it (texts in English; ids kept for other
  // languages), without the run it classifies.
  artifacts::Diagnosis record() const;
  // A recorded run.diagnosis read back (its texts are rebuilt from the rule and the facts, in
  // any language); nothing when it names no rule.
  static std::optional<Diagnosis> from_record(const artifacts::Diagnosis& recorded);
};

using Rule = knowledge::DiagnosisRule;

class RuleSet {
 public:
  // Over the shipped rules (knowledge::diagnosis_rules()); a broken data file is a bug
  // (internal, knowledge.data_invalid).
  static core::Result<RuleSet> from_knowledge();
  explicit RuleSet(const knowledge::DiagnosisRules& rules) : m_rules(&rules.rules) {}

  const std::vector<Rule>& rules() const { return *m_rules; }
  // The first rule that holds; the last rule of the shipped set always holds.
  Diagnosis classify(const FailureContext& ctx) const;

 private:
  const std::vector<Rule>* m_rules;
};

}  // namespace diagnose
