// The failure classification rules (knowledge/diagnose/rules.json, documented in
// references/troubleshooting.md): per rule the category, the patterns that are its evidence,
// the conditions on where the run stopped, the facts to capture, the smallest plan change and
// the checkpoint to return to. The patterns are compiled here (ECMAScript), so one that does
// not compile is a broken file like a missing field.
#pragma once

#include <optional>
#include <regex>
#include <string>
#include <utility>
#include <vector>

#include "core/json_io.h"
#include "core/result.h"

namespace knowledge {

struct DiagnosisRule {
  struct Fact {
    std::string name;
    std::regex pattern;  // group 1: the value
  };
  std::string id;
  std::string category;
  std::vector<std::regex> any;  // one of them matches a line of the error region (none: always)
  std::vector<std::regex> all;  // each matches some line
  std::vector<Fact> facts;
  std::optional<std::vector<std::string>> stages;  // the run stopped in one of these
  std::optional<bool> export_done;
  std::optional<int> signal;
  // The run was a Slurm job that ended in one of these states (cluster::job_state_name).
  std::optional<std::vector<std::string>> job_states;
  // Names of two captured facts holding memory sizes ("132.07 GiB"): the rule holds only when
  // the first is larger (e.g. another process held more GPU memory than quark-cli did).
  std::optional<std::pair<std::string, std::string>> first_fact_larger;
  int return_to_checkpoint = 3;  // 1..4
  core::Json plan_change = core::Json::object();
  bool package_change_needs_confirmation = false;
  std::string refine;  // "group_misfit": name the layers and the scheme that fits from the context
};

struct DiagnosisRules {
  std::vector<DiagnosisRule> rules;  // in order: the first that holds wins; never empty
};

// The strict reading of a document shaped as knowledge/diagnose/rules.json: internal
// "knowledge.data_invalid" naming the first missing or mistyped field, the pattern that does
// not compile, or the rule whose values are out of range.
core::Result<DiagnosisRules> parse_diagnosis_rules(const core::Json& doc);

// Parsed once from the embedded file.
core::Result<const DiagnosisRules*> diagnosis_rules();

}  // namespace knowledge
